import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };
/** Tuesday 10:00 in Helsinki: the chat is open. */
const OPEN_TIME = '2026-11-24T10:00:00+02:00';
/** Saturday noon in Helsinki: the chat is closed. */
const CLOSED_TIME = '2026-11-28T12:00:00+02:00';

/**
 * The conversation's event stream as the test drives it: the MSW answer to
 * `GET /api/chat/conversations/{id}/events` is a stream whose frames `emit` writes.
 */
class TestEventStream {
  readonly requests: Request[] = [];
  closed = false;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private readonly encoder = new TextEncoder();

  readonly handler = http.get('*/api/chat/conversations/:id/events', ({ request }) => {
    this.requests.push(request);
    this.closed = false;
    // Leaving the conversation aborts the call; archived, the client cancels the stream.
    request.signal.addEventListener('abort', () => (this.closed = true), { once: true });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
        controller.enqueue(this.encoder.encode('retry: 5000\n\n'));
      },
      cancel: () => {
        this.closed = true;
      },
    });
    return new HttpResponse(body, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'x-dev-mode': 'false' },
    });
  });

  emit(type: string, data: unknown, id?: number): void {
    const frame = `event: ${type}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
    this.controller?.enqueue(this.encoder.encode(frame));
  }

  lastRequest(): Request {
    const request = this.requests.at(-1);
    if (request === undefined) throw new Error('No event stream was opened');
    return request;
  }
}

let events = new TestEventStream();

async function openChat(now: string) {
  // The mock server starts with its clock frozen at `now` (moving it later would end the session).
  const app = await renderApp('/en/chat', { user: 'patient', mock: { now: new Date(now) } });
  app.mock.server.use(events.handler);
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
  events = new TestEventStream();
});

afterEach(stopApp);

describe('chat', () => {
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

    // Spec §7: the stream is a call like the others: its headers, and no token in the URL.
    await waitFor(() => expect(events.requests).toHaveLength(1));
    const request = events.lastRequest();
    expect(new URL(request.url).pathname).toMatch(/^\/api\/chat\/conversations\/\d+\/events$/);
    expect(new URL(request.url).search).toBe('');
    expect(request.headers.get('Authorization')).toBe(
      `Bearer ${localStorage.getItem('access_token') ?? ''}`,
    );
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request.headers.get('Accept-Language')).toBe('en');
    expect(request.headers.get('Accept')).toBe('text/event-stream');

    act(() => {
      events.emit('typing', { sender: 'professional', senderName: 'Anna, dental hygienist' });
    });
    expect(await screen.findByText('Anna, dental hygienist is typing…')).toBeInTheDocument();

    events.emit(
      'message',
      {
        id: 9001,
        sender: 'professional',
        senderName: 'Anna, dental hygienist',
        text: 'Does it hurt?',
        sentAt: OPEN_TIME,
      },
      9001,
    );
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
    await waitFor(() => expect(events.requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Back to beginning' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'End and go back' }));

    expect(
      await screen.findByRole('button', { name: 'Start the conversation' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    await waitFor(() => expect(events.closed).toBe(true));
    const earlier = screen.getByRole('list', { name: 'Earlier conversations' });
    expect(
      within(earlier)
        .getAllByRole('button')
        .map((button) => /Conversation \d+/.exec(button.textContent ?? '')?.[0]),
    ).toEqual(['Conversation 3', 'Conversation 2', 'Conversation 1']);

    await user.click(within(earlier).getByRole('button', { name: /Conversation 3/ }));
    expect(
      await screen.findByRole('region', { name: 'Messages in Conversation 3' }),
    ).toHaveTextContent('Question.');
  });

  test('when the stream says the conversation was archived, the page closes the stream', async () => {
    const app = await openChat(OPEN_TIME);
    await startConversation('Question.');
    await waitFor(() => expect(events.requests).toHaveLength(1));
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
    events.emit('status', { status: 'archived' });
    await waitFor(() => expect(events.closed).toBe(true));
    // Archived is final: no reconnection.
    expect(events.requests).toHaveLength(1);
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
