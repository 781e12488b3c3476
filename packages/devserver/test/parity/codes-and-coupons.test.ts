import { describe, expect, test } from 'vitest';
import { createMockApi, createMswHandlers } from '../../src/msw/node.ts';
import { TEST_NOW } from '../harness.ts';
import {
  jpegWithGps,
  jpegZipPolyglot,
  pngBomb,
  pngWithoutPixels,
  pngWithScript,
} from '../sample-uploads.ts';
import { runScenario, type Scenario, type Step } from './scenario.ts';
import { devLogin, parityServers, testScenarios } from './servers.ts';

/** Campaign codes, vouchers and coupons (their redemption and images) over both transports. */

/**
 * A staff upload of raw image bytes to coupon 3. The image's name is random on each server: it is
 * remembered as `memory[remember]` and the answer keeps `<name>` in its place.
 */
function uploadImage(
  bytes: () => Uint8Array | Promise<Uint8Array>,
  remember?: string,
): Step['run'] {
  return async ({ client, memory }) => {
    const body = await bytes();
    const answer = await client('content-manager').PUT('/api/admin/coupons/{id}/image', {
      params: { path: { id: 3 } },
      // The contract types the raw body as a string; the file goes as it is.
      body: '',
      bodySerializer: () => body,
      headers: { 'Content-Type': body[0] === 0xff ? 'image/jpeg' : 'image/png' },
    });
    const imageUrl = answer.data?.imageUrl ?? '';
    if (remember) memory[remember] = imageUrl.slice('/api/images/'.length);
    const data = { imageUrl: imageUrl.replace(/[a-f0-9]{32}/, '<name>') };
    return { ...answer, data };
  };
}

/** The stored image as served: both transports re-encode with sharp, so the bytes must match. */
function servedImage(remembered: string): Step['run'] {
  return async ({ client, memory }) => {
    const answer = await client(null).GET('/api/images/{name}', {
      params: { path: { name: String(memory[remembered]) } },
      parseAs: 'arrayBuffer',
    });
    const bytes = answer.data ? Buffer.from(answer.data).toString('base64') : null;
    return { ...answer, data: { contentType: answer.response.headers.get('content-type'), bytes } };
  };
}

const scenarios: Scenario[] = [
  {
    name: 'refused codes and identifiers, each with its case',
    statuses: [400, 400, 400, 400],
    steps: [
      {
        name: 'an expired campaign code',
        run: ({ client }) =>
          client(null).POST('/api/campaign-codes/check', { body: { code: 'KESA25' } }),
      },
      {
        name: 'an unknown campaign code',
        run: ({ client }) =>
          client(null).POST('/api/campaign-codes/check', { body: { code: 'NOPE99' } }),
      },
      {
        name: 'an expired service voucher',
        run: ({ client }) =>
          client(null).POST('/api/vouchers/check', {
            body: { customerType: 'serviceVoucher', identifier: 'PSV-2026-000815' },
          }),
      },
      {
        name: 'a payment commitment given as a service voucher',
        run: ({ client }) =>
          client(null).POST('/api/vouchers/check', {
            body: { customerType: 'serviceVoucher', identifier: 'MS-2026-118734' },
          }),
      },
    ],
  },
  {
    name: 'redeeming a coupon twice',
    statuses: [200, 409, 200],
    steps: [
      {
        name: 'first',
        run: ({ client }) =>
          client('survey').POST('/api/coupons/{id}/redeem', { params: { path: { id: 1 } } }),
      },
      {
        name: 'second',
        run: ({ client }) =>
          client('survey').POST('/api/coupons/{id}/redeem', { params: { path: { id: 1 } } }),
      },
      { name: 'list', run: ({ client }) => client('survey').GET('/api/coupons') },
    ],
  },
  {
    name: 'coupon images: re-encoded without metadata, bombs and polyglots refused',
    statuses: [200, 200, 200, 200, 413, 415, 415],
    steps: [
      { name: 'a photo with GPS', run: uploadImage(jpegWithGps, 'photo') },
      { name: 'the photo as served', run: servedImage('photo') },
      { name: 'a PNG with a script', run: uploadImage(pngWithScript, 'png') },
      { name: 'the PNG as served', run: servedImage('png') },
      { name: '65 535 × 65 535 pixels', run: uploadImage(pngBomb) },
      { name: 'a JPEG/ZIP polyglot', run: uploadImage(jpegZipPolyglot) },
      { name: 'pixels that do not decode', run: uploadImage(pngWithoutPixels) },
    ],
  },
];

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  testScenarios(servers, scenarios);

  test('both send the case of a refused code', async () => {
    const scenario = scenarios.find((s) => s.name.startsWith('refused codes'))!;
    // A server of its own: a fresh state, whatever the scenarios before it left on (a maintenance
    // break, say).
    const origin = 'http://codes.portal.test';
    servers.mock.server.use(
      ...createMswHandlers(createMockApi({ now: TEST_NOW }), { baseUrl: origin }),
    );
    const overMsw = await runScenario(scenario, origin, (user) => devLogin(origin, user));
    servers.mock.server.resetHandlers();
    expect(overMsw.map(({ body }) => body)).toEqual([
      expect.objectContaining({ Problem: 'expired', ProblemDate: '2026-09-14' }),
      expect.objectContaining({ Problem: 'unknown' }),
      expect.objectContaining({ Problem: 'expired', ProblemDate: '2026-11-13' }),
      expect.objectContaining({ Problem: 'other-customer-type' }),
    ]);
  });
});
