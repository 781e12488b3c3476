import { afterEach, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { SESSION_IDLE_SECONDS } from '../users/sessions.ts';
import { REPLY_DELAY_MS } from './chat.ts';
import { openConversationStream, parseLastEventId, type ChatStreamEvent } from './stream.ts';

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

interface Frames {
  next(): Promise<string>;
  /** Whether the stream ended (after the frames read so far). */
  ended(): Promise<boolean>;
  abort(): void;
}

async function openStream(
  h: Harness,
  token: string,
  id: number,
  headers: Record<string, string> = {},
): Promise<Frames> {
  const response = await h.call('streamConversation', { token, path: { id }, headers });
  expect(response.status).toBe(200);
  expect(response.contentType).toBe('text/event-stream');
  expect(response.headers['Cache-Control']).toBe('no-cache');
  const controller = new AbortController();
  controllers.push(controller);
  const iterator = response.stream!(controller.signal)[Symbol.asyncIterator]();
  return {
    async next() {
      const result = await iterator.next();
      if (result.done) throw new Error('the stream ended');
      return result.value;
    },
    async ended() {
      return (await iterator.next()).done === true;
    },
    abort: () => controller.abort(),
  };
}

function dataOf(frame: string): any {
  const line = frame.split('\n').find((l) => l.startsWith('data: '));
  return JSON.parse(line!.slice('data: '.length));
}

async function startConversation(h: Harness, token: string): Promise<number> {
  const { json } = await h.call('startConversation', {
    token,
    body: { topicId: 1, message: 'My gums bleed.' },
  });
  return json.id;
}

describe('streamConversation', () => {
  test('The stream starts with retry, tells that the professional types, then sends new messages', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    expect(await frames.next()).toBe('retry: 5000\n\n');

    const typing = await frames.next();
    expect(typing).toMatch(/^event: typing\ndata: .+\n\n$/);
    expect(dataOf(typing)).toEqual({
      sender: 'professional',
      senderName: expect.stringMatching(/, dental hygienist$/),
    });

    const sent = await h.call('sendChatMessage', { token, path: { id }, body: { text: 'Still?' } });
    const frame = await frames.next();
    expect(frame).toBe(
      `id: ${sent.json.id}\nevent: message\ndata: ${JSON.stringify(sent.json)}\n\n`,
    );
  });

  test('The professional’s answer reaches the stream once the clock passes its due time', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    h.state.clock.advance(REPLY_DELAY_MS);
    // The stream looks at the clock every 500 ms; a read of the conversation also delivers it.
    await h.call('getConversation', { token, path: { id } });
    const frame = await frames.next();
    expect(frame.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^id: \d+$/),
      'event: message',
    ]);
    expect(dataOf(frame)).toMatchObject({
      sender: 'professional',
      sentAt: '2026-11-23T10:00:03+02:00',
    });
  });

  test('The stream notices due answers by itself, without any other request', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    h.state.clock.advance(REPLY_DELAY_MS);
    expect(dataOf(await frames.next()).sender).toBe('professional');
  });

  test('With Last-Event-ID the stream first replays the later messages in order', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    h.state.clock.advance(REPLY_DELAY_MS);
    const { json } = await h.call('getConversation', { token, path: { id } });
    const [first, ...later] = json.messages as { id: number }[];
    const frames = await openStream(h, token, id, { 'Last-Event-ID': String(first!.id) });
    expect(await frames.next()).toBe('retry: 5000\n\n');
    for (const message of later) {
      const frame = await frames.next();
      expect(frame.startsWith(`id: ${message.id}\n`)).toBe(true);
      expect(dataOf(frame)).toEqual(message);
    }
  });

  test('Without Last-Event-ID only messages after the opening are sent', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    h.state.clock.advance(REPLY_DELAY_MS);
    await h.call('getConversation', { token, path: { id } });
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    const sent = await h.call('sendChatMessage', { token, path: { id }, body: { text: 'Thanks' } });
    const frame = await frames.next();
    expect(frame.startsWith('event: typing') ? await frames.next() : frame).toContain(
      `id: ${sent.json.id}\n`,
    );
  });

  test('Archiving the conversation sends the archived status and ends the stream', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    await h.call('closeConversation', { token, path: { id } });
    expect(await frames.next()).toBe('event: status\ndata: {"status":"archived"}\n\n');
    expect(await frames.ended()).toBe(true);
  });

  test('Starting a new conversation archives the old one on its stream', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    await startConversation(h, token);
    expect(await frames.next()).toBe('event: status\ndata: {"status":"archived"}\n\n');
  });

  test('Connecting to an archived conversation sends only its status and ends', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const [archived] = (await h.call('listConversations', { token })).json;
    const frames = await openStream(h, token, archived.id, { 'Last-Event-ID': '1' });
    expect(await frames.next()).toBe('retry: 5000\n\n');
    expect(await frames.next()).toBe('event: status\ndata: {"status":"archived"}\n\n');
    expect(await frames.ended()).toBe(true);
  });

  test('The stream ends when the client leaves', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    frames.abort();
    expect(await frames.ended()).toBe(true);
  });

  test('The stream ends when the state is reset', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    const ended = frames.ended();
    h.state.events.emit('reset');
    expect(await ended).toBe(true);
  });

  test('The stream ends at logout: nothing more reaches a page signed out (issue 52)', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    const ended = frames.ended();
    expect((await h.call('logout', { token })).status).toBe(204);
    expect(await ended).toBe(true);
  });

  test('The stream ends when the session passes its idle limit by the clock; the open stream is no activity', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    await frames.next(); // typing
    // 30 minutes with only the stream open: the answer comes due meanwhile, and then it ends.
    h.state.clock.advance(SESSION_IDLE_SECONDS * 1000);
    expect(await frames.ended()).toBe(true);
    expect((await h.call('getMe', { token })).status).toBe(401);
  });

  test('The stream ends at the session’s absolute limit, however busy the chat', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const frames = await openStream(h, token, id);
    await frames.next(); // retry
    // Used every 20 minutes for 8 hours: never idle, then past its 8 hours.
    for (let minutes = 0; minutes < 8 * 60; minutes += 20) {
      h.state.clock.advance(20 * 60_000);
      await h.call('getChatStatus', { token });
    }
    for (;;) {
      const next = await frames.ended();
      if (next) break;
    }
    expect((await h.call('getMe', { token })).status).toBe(401);
  });

  test('A token in the URL (access_token) is not taken: a URL reaches logs and histories', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const response = await h.call('streamConversation', {
      path: { id },
      query: { access_token: token },
    });
    expect(response.status).toBe(401);
    expect(response.json.Code).toBe('unauthorized');
  });

  test('Errors before the stream starts are JSON: 401, 404 (someone else’s too) and a bad Last-Event-ID', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    expect((await h.call('streamConversation', { path: { id } })).status).toBe(401);
    expect((await h.call('streamConversation', { as: 'admin', path: { id } })).status).toBe(404);
    expect((await h.call('streamConversation', { token, path: { id: 9999 } })).status).toBe(404);
    const bad = await h.call('streamConversation', {
      token,
      path: { id },
      headers: { 'Last-Event-ID': 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.Errors[0].field).toBe('Last-Event-ID');
  });
});

describe('the stream’s cadence', () => {
  test('A quiet stream sends a ping after the heartbeat time, and typing repeats while typing', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = await startConversation(h, token);
    const opened = openConversationStream(h.state, h.userId('patient'), id, null, {
      pollMs: 2,
      heartbeatMs: 15,
      typingMs: 1000,
    });
    if (!opened.ok) throw new Error('not opened');
    const controller = new AbortController();
    controllers.push(controller);
    const iterator = opened.value(controller.signal)[Symbol.asyncIterator]();
    const seen: ChatStreamEvent['type'][] = [];
    while (seen.filter((t) => t === 'ping').length < 2) {
      const next = await iterator.next();
      if (next.done) break;
      seen.push(next.value.type);
    }
    expect(seen).toEqual(['typing', 'ping', 'ping']);

    const repeating = openConversationStream(h.state, h.userId('patient'), id, null, {
      pollMs: 2,
      heartbeatMs: 100_000,
      typingMs: 10,
    });
    if (!repeating.ok) throw new Error('not opened');
    const again = repeating.value(controller.signal)[Symbol.asyncIterator]();
    expect((await again.next()).value).toMatchObject({ type: 'typing' });
    expect((await again.next()).value).toMatchObject({ type: 'typing' });
  });

  test('Last-Event-ID must be a message id', () => {
    expect(parseLastEventId(undefined)).toEqual({ ok: true, value: null });
    expect(parseLastEventId('482')).toEqual({ ok: true, value: 482 });
    expect(parseLastEventId('0').ok).toBe(false);
    expect(parseLastEventId('12a').ok).toBe(false);
  });
});
