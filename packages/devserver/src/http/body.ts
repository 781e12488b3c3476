import type { Readable } from 'node:stream';

/**
 * How far a too-large body is still read (and thrown away) before the 413 is sent: the answer
 * then comes after the request, as a proxy in front expects. A proxy that streams the body
 * (nginx with `proxy_request_buffering off`) got a reset instead of the API's translated 413
 * when the API answered and closed while the body was still coming (issue 52). Beyond this, the
 * connection is closed: no one is owed the reading of an endless body.
 */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/** A body over its limit: its size as far as it was read. */
export class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(readonly bytes: number) {
    super('Request body is too large');
  }
}

/**
 * Reads a request body of at most `limit` bytes. A larger one is read on to its end (up to
 * DRAIN_LIMIT_BYTES) without being kept, then refused with BodyTooLarge; one that announces
 * more than the drain limit is refused at once.
 */
export function readBody(payload: Readable, limit: number, announced?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = announced !== undefined && announced > limit;
    if (announced !== undefined && announced > DRAIN_LIMIT_BYTES) {
      reject(new BodyTooLarge(announced));
      return;
    }
    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) over = true;
      if (!over) chunks.push(chunk);
      else chunks.length = 0;
      if (bytes > DRAIN_LIMIT_BYTES) {
        payload.removeAllListeners('data');
        payload.destroy();
        reject(new BodyTooLarge(bytes));
      }
    });
    payload.on('end', () => {
      if (over) reject(new BodyTooLarge(bytes));
      else resolve(Buffer.concat(chunks, bytes));
    });
    payload.on('error', reject);
  });
}
