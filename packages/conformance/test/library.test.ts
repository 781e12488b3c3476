import { describe, expect, test } from 'vitest';
import { shapeDifferences, shapeOf } from '../src/compare.ts';
import { redact, runConformance } from '../src/index.ts';

// The checker as a library, without a server: redaction, the operation filter, no server.

describe('the checker library', () => {
  test('redacts credentials only: one-time codes and tokens, not a campaign or postal code', () => {
    expect(redact('{"code":"qr_0123456789abcdefghijklmn","grant_type":"x"}')).toBe(
      '{"code":"[redacted]","grant_type":"x"}',
    );
    expect(redact('{"code":"kesa25"}')).toBe('{"code":"kesa25"}');
    expect(redact('{"code":"00100"}')).toBe('{"code":"00100"}');
    expect(redact('/api/chat/events?access_token=abc.def')).toBe(
      '/api/chat/events?access_token=[redacted]',
    );
  });

  test('compares answers by shape: keys and types by path, not values; an empty list hides nothing', () => {
    const left = shapeOf({ items: [], page: 1, meta: { next: null } });
    const right = shapeOf({
      items: [{ Id: 1, extra: true }],
      page: 2,
      meta: { next: 'a', trace: { id: 'x' } },
    });
    expect(right).toMatchObject({ '$.items[]': 'object', '$.items[].Id': 'number' });
    expect(shapeDifferences(left, right)).toEqual([
      { path: '$.meta.next', left: 'null', right: 'string' },
      { path: '$.meta.trace', left: 'absent', right: 'object' },
    ]);
    expect(shapeOf([{ a: 1 }, { a: null, b: 'x' }])).toEqual({
      $: 'array',
      '$[]': 'object',
      '$[].a': 'null|number',
      '$[].b': 'string',
    });
  });

  test('refuses an unknown operation in the filter', async () => {
    await expect(
      runConformance({ baseUrl: 'http://127.0.0.1:9', operations: ['noSuchOperation'] }),
    ).rejects.toThrow(/unknown operations: noSuchOperation/);
  });

  test('reports an unreachable server as a failed setup check, without running the others', async () => {
    const report = await runConformance({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
      operations: ['getConfig'],
    });
    expect(report.ok).toBe(false);
    expect(report.setup[0]?.outcome).toBe('failed');
  });
});
