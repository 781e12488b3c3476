import { createPortalClient } from '@portal/sdk';
import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_RETRY_MS, followConversation } from './conversation-events.ts';

const encoder = new TextEncoder();

/** An event stream answer holding these frames, then ending (a dropped connection). */
function streamOf(...frames: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A client whose fetch answers the scripted responses in turn and records each request. */
function scripted(...answers: (() => Response)[]) {
  const requests: Request[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    requests.push(input as Request);
    const answer = answers.shift();
    return Promise.resolve(answer ? answer() : streamOf());
  });
  const client = createPortalClient({
    baseUrl: 'http://portal.test',
    fetch: fetch as typeof globalThis.fetch,
    getToken: () => 'patient-token',
    getLanguage: () => 'sv',
  });
  return { client, requests };
}

const message = (id: number) =>
  `event: message\nid: ${id}\ndata: {"id":${id},"sender":"professional","text":"Hi"}\n\n`;

describe('followConversation', () => {
  test('every request carries the spec’s headers and no token in the URL', async () => {
    const { client, requests } = scripted(() =>
      streamOf('retry: 5000\n\n', 'event: status\ndata: {"status":"archived"}\n\n'),
    );
    await followConversation(client, 31, new AbortController().signal, {
      onOpen: () => undefined,
      onEvent: () => 'stop',
    });
    const [request] = requests;
    expect(request?.url).toBe('http://portal.test/api/chat/conversations/31/events');
    expect(request?.headers.get('Authorization')).toBe('Bearer patient-token');
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Accept-Language')).toBe('sv');
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
    expect(request?.headers.get('Last-Event-ID')).toBeNull();
  });

  test('a dropped stream is resumed after its retry time with the last message id', async () => {
    const { client, requests } = scripted(
      () => streamOf('retry: 1500\n\n', message(41), ': ping\n\n', message(42)),
      () => streamOf(message(43), 'event: status\ndata: {"status":"archived"}\n\n'),
    );
    const seen: EventSourceMessage[] = [];
    const opened = vi.fn();
    const waits: number[] = [];
    await followConversation(
      client,
      31,
      new AbortController().signal,
      {
        onOpen: opened,
        onEvent: (event) => {
          seen.push(event);
          return event.event === 'status' ? 'stop' : undefined;
        },
      },
      { sleep: (ms) => Promise.resolve(void waits.push(ms)) },
    );
    expect(seen.map((event) => event.id ?? event.event)).toEqual(['41', '42', '43', 'status']);
    expect(waits).toEqual([1500]);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('Last-Event-ID')).toBe('42');
    // Each (re)opening lets the caller refetch what it may have missed.
    expect(opened).toHaveBeenCalledTimes(2);
  });

  test('a failed connection waits the default retry time before trying again', async () => {
    const { client, requests } = scripted(
      () => {
        throw new TypeError('network down');
      },
      () => streamOf('event: status\ndata: {"status":"archived"}\n\n'),
    );
    const waits: number[] = [];
    await followConversation(
      client,
      31,
      new AbortController().signal,
      { onOpen: () => undefined, onEvent: () => 'stop' },
      { sleep: (ms) => Promise.resolve(void waits.push(ms)) },
    );
    expect(waits).toEqual([DEFAULT_RETRY_MS]);
    expect(requests).toHaveLength(2);
  });

  test.each([401, 403, 404])('an answer %i is final: no reconnection', async (status) => {
    const { client, requests } = scripted(() =>
      Response.json({ UserMessage: 'No', Code: 'forbidden' }, { status }),
    );
    const sleep = vi.fn(() => Promise.resolve());
    const opened = vi.fn();
    await followConversation(
      client,
      31,
      new AbortController().signal,
      { onOpen: opened, onEvent: () => undefined },
      { sleep },
    );
    expect(requests).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
  });

  test('aborting stops following while waiting to reconnect', async () => {
    const { client, requests } = scripted(() => streamOf(message(7)));
    const controller = new AbortController();
    await followConversation(
      client,
      31,
      controller.signal,
      { onOpen: () => undefined, onEvent: () => undefined },
      {
        sleep: () => {
          controller.abort();
          return Promise.resolve();
        },
      },
    );
    expect(requests).toHaveLength(1);
  });
});
