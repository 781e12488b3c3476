import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { BodyTooLarge, DRAIN_LIMIT_BYTES, readBody } from './body.ts';

/** A body of `total` bytes in 64 kB chunks; `read` counts what the reader took. */
function body(total: number) {
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(65_536, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, 0x61));
    },
  });
  return { stream, sent: () => sent };
}

describe('a request body', () => {
  test('within its limit is read whole', async () => {
    const { stream } = body(100_000);
    expect((await readBody(stream, 1024 * 1024)).length).toBe(100_000);
  });

  test('over its limit is read to its end, kept nowhere, then refused with its size (the 413 comes after the request)', async () => {
    const { stream, sent } = body(3 * 1024 * 1024);
    const refused = await readBody(stream, 1024 * 1024).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BodyTooLarge);
    expect((refused as BodyTooLarge).bytes).toBe(3 * 1024 * 1024);
    expect(sent()).toBe(3 * 1024 * 1024);
    expect(stream.readableEnded).toBe(true);
  });

  test('past the drain limit, reading stops and the stream is closed', async () => {
    const { stream } = body(DRAIN_LIMIT_BYTES + 10 * 65_536);
    const refused = await readBody(stream, 1024).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BodyTooLarge);
    expect(stream.destroyed).toBe(true);
    // Announced as larger than that: refused before reading.
    const announced = body(10);
    await expect(readBody(announced.stream, 1024, DRAIN_LIMIT_BYTES + 1)).rejects.toBeInstanceOf(
      BodyTooLarge,
    );
    expect(announced.sent()).toBe(0);
  });

  test('over the JSON limit, the API answers its translated 413', async () => {
    const app = await buildApp({ webRoot: null });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/campaign-codes/check',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': 'sv',
        },
        payload: JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toMatchObject({ Code: 'payload-too-large' });
      expect(answer.json().UserMessage).not.toMatch(/too large/i);
    } finally {
      await app.close();
    }
  });
});
