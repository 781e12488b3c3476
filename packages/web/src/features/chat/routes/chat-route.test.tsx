import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 5_000 };
/** Tuesday 10:00 in Helsinki: the chat is open. */
const OPEN_TIME = '2026-11-24T10:00:00+02:00';
/** Saturday noon in Helsinki: the chat is closed. */
const CLOSED_TIME = '2026-11-28T12:00:00+02:00';

/** A stand-in for the browser's EventSource that the test drives (jsdom has none). */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: unknown): void {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

function lastStream(): FakeEventSource {
  const stream = FakeEventSource.instances.at(-1);
  if (stream === undefined) throw new Error('No event stream was opened');
  return stream;
}

async function openChat(now: string) {
  // The mock server starts with its clock frozen at `now` (moving it later would end the session).
  const app = await renderApp('/en/chat', { user: 'patient', mock: { now: new Date(now) } });
  await screen.findByRole('heading', { level: 1, name: 'Chat' }, FIRST_SCREEN);
  return app;
}

async function startConversation(message: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: /Oral health/ }, FIRST_SCREEN));
  await user.type(screen.getByRole('textbox', { name: 'Your message' }), message);
  await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
  await screen.findByRole('heading', { level: 2, name: 'Conversation 3' }, FIRST_SCREEN);
  return user;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  stopApp();
  vi.unstubAllGlobals();
});

describe('chat', { timeout: 30_000 }, () => {
  test('outside the opening hours the chat is closed and shows its hours and next opening', async () => {
    await openChat(CLOSED_TIME);
    expect(await screen.findByText('The chat is closed', {}, FIRST_SCREEN)).toBeInTheDocument();
    expect(
      screen.getAllByText(/open Mon–Fri 8–16 \(Finnish time\) and free of charge/).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('It opens next on Monday 30.11.2026 at 08:00.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the conversation' })).toBeNull();
  });

  test('the patient starts a conversation and the professional is typing, then answers live', async () => {
    await openChat(OPEN_TIME);
    await startConversation('A filling fell out.');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('A filling fell out.')).toBeInTheDocument();

    const stream = lastStream();
    expect(stream.url).toMatch(/\/api\/chat\/conversations\/\d+\/events\?access_token=.+/);
    stream.emit('typing', { sender: 'professional', senderName: 'Anna, dental hygienist' });
    expect(await screen.findByText('Anna, dental hygienist is typing…')).toBeInTheDocument();

    stream.emit('message', {
      id: 9001,
      sender: 'professional',
      senderName: 'Anna, dental hygienist',
      text: 'Does it hurt?',
      sentAt: OPEN_TIME,
    });
    expect(await within(log).findByText('Does it hurt?')).toBeInTheDocument();
    expect(screen.queryByText('Anna, dental hygienist is typing…')).toBeNull();
  });

  test('Enter sends a message and Shift+Enter adds a new line', async () => {
    await openChat(OPEN_TIME);
    const user = await startConversation('Hello.');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    await user.type(box, '{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(
      await within(log).findByText(
        (_, element) => element?.textContent === 'First line\nsecond line',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));

    await user.type(box, '{Enter}');
    expect(box).toHaveAccessibleDescription(/Write a message/);
  });

  test('back to beginning archives the conversation, which joins the numbered earlier ones', async () => {
    await openChat(OPEN_TIME);
    const user = await startConversation('Question.');
    const stream = lastStream();
    await user.click(screen.getByRole('button', { name: 'Back to beginning' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'End and go back' }));

    expect(
      await screen.findByRole('button', { name: 'Start the conversation' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(stream.closed).toBe(true);
    const earlier = screen.getByRole('list', { name: 'Earlier conversations' });
    expect(
      within(earlier)
        .getAllByRole('button')
        .map((button) => /Conversation \d+/.exec(button.textContent ?? '')?.[0]),
    ).toEqual(['Conversation 3', 'Conversation 2', 'Conversation 1']);

    await user.click(within(earlier).getByRole('button', { name: /Conversation 3/ }));
    expect(
      await screen.findByRole('region', { name: 'Messages of Conversation 3' }),
    ).toHaveTextContent('Question.');
  });

  test('when the stream says the conversation was archived, the page closes the stream', async () => {
    const app = await openChat(OPEN_TIME);
    await startConversation('Question.');
    const stream = lastStream();
    // The conversation is archived elsewhere (e.g. by the professional): the server says so.
    const [active] = (await (
      await fetch(`${app.origin}/api/chat/conversations`, {
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
        },
      })
    ).json()) as { id: number }[];
    await fetch(`${app.origin}/api/chat/conversations/${active?.id ?? 0}/close`, {
      method: 'POST',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
      },
    });
    stream.emit('status', { status: 'archived' });
    expect(stream.closed).toBe(true);
    expect(
      await screen.findByRole('button', { name: 'Start the conversation' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });

  test('a patient without earlier conversations sees the empty state', async () => {
    const app = await renderApp('/en/chat', { user: 'patient' });
    app.mock.server.use(http.get('*/api/chat/conversations', () => HttpResponse.json([])));
    expect(
      await screen.findByRole(
        'heading',
        { name: 'You have no earlier conversations' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
  });
});
