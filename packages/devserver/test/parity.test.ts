import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { indexContract } from '@portal/sdk/contract';
import { buildApp } from '../src/http/app.ts';
import { createMockApi, createMockServer, createMswHandlers } from '../src/msw/node.ts';
import { createSeededState } from '../src/core/seed.ts';
import { MAIJA, TEST_NOW, profileBody } from './harness.ts';
import { runScenario, type Scenario, type Step } from './parity.ts';
import {
  jpegWithGps,
  jpegZipPolyglot,
  pngBomb,
  pngWithoutPixels,
  pngWithScript,
} from './sample-uploads.ts';

const MOCK_ORIGIN = 'http://mock.portal.test';

/** Tomorrow + n days in Helsinki, as YYYY-MM-DD, from the frozen test clock. */
const day = (n: number) => new Date(TEST_NOW.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const SIIRI = {
  ...MAIJA,
  firstName: 'Siiri',
  lastName: 'Kyselinen',
  email: 'siiri@example.fi',
  phone: '040 765 4321',
  street: 'Kauppakatu 2',
};

/** A private booking of a slot for one of the two customers. */
function booking(slotKey: string, customer = MAIJA, allowDuplicate?: boolean) {
  return {
    slotKey,
    customerType: 'private' as const,
    voucherIdentifier: null,
    campaignCode: null,
    descriptionForStaff: null,
    customer,
    ...(allowDuplicate === undefined ? {} : { allowDuplicate }),
  };
}

/** The dev outbox; the links carry each server's own origin, the messages must otherwise match. */
const outbox: Step['run'] = async ({ client }) => {
  const answer = await client(null).GET('/api/dev/outbox');
  const data = JSON.parse(
    JSON.stringify(answer.data ?? null).replace(/https?:\/\/[^/"]+/g, '<origin>'),
  ) as unknown;
  return { ...answer, data };
};

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

/** The header that sends a call to a sandbox. */
const inSandbox = (name: string) => ({ 'X-Dev-Sandbox': name });
const SANDBOX_NOW = { now: '2026-12-01T10:00:00+02:00', frozen: true };

/** The live sandboxes' names and which one answered (their times are real time: left out). */
function sandboxNames(from: string | null): Step['run'] {
  return async ({ client }) => {
    const answer = await client(null).GET('/api/dev/sandboxes', {
      headers: from ? inSandbox(from) : {},
    });
    const data = answer.data && {
      current: answer.data.current,
      names: answer.data.items.map((item) => `${item.name} ${item.now} ${item.frozen}`),
      sandboxHeader: answer.response.headers.get('x-dev-sandbox'),
    };
    return { ...answer, data };
  };
}

const scenarios: Scenario[] = [
  {
    name: 'logging in and reading the user',
    statuses: [200, 401, 401, 403],
    steps: [
      { name: 'getMe as patient', run: ({ client }) => client('patient').GET('/api/me') },
      { name: 'getMe anonymous', run: ({ client }) => client(null).GET('/api/me') },
      {
        name: 'getMe with an unknown token',
        run: ({ client }) => client('not-a-token').GET('/api/me'),
      },
      {
        name: 'first login sees terms pending',
        run: ({ client }) =>
          client('first-login').GET('/api/reservations', {
            params: { query: { group: 'future' } },
          }),
      },
    ],
  },
  {
    name: 'booking a free slot, twice',
    statuses: [200, 409, 201, 200, 200, 409, 400, 200],
    steps: [
      {
        name: 'day slots',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(2) },
            },
          }),
        remember: (data, memory) => {
          memory.slotKey = data.slots[0].key;
        },
      },
      {
        // Maija's seeded check-up is a week ahead: the same service within 14 days.
        name: 'create: a duplicate of her check-up',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations', {
            body: booking(String(memory.slotKey)),
          }),
      },
      {
        name: 'create, keeping both',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations', {
            body: booking(String(memory.slotKey), MAIJA, true),
          }),
        remember: (data, memory) => {
          memory.reservationId = data.id;
        },
      },
      {
        name: 'its calendar file',
        run: async ({ client, memory }) => {
          const answer = await client('patient').GET('/api/reservations/{id}/calendar', {
            params: { path: { id: Number(memory.reservationId) } },
            parseAs: 'text',
          });
          // The portal's address is each server's own; the rest must be the same file.
          const data =
            typeof answer.data === 'string'
              ? answer.data.replace(/^(URL[^:]*:)https?:\/\/[^/]+/m, '$1<origin>')
              : answer.data;
          return { ...answer, data };
        },
      },
      {
        name: 'the dev outbox',
        run: outbox,
      },
      {
        name: 'the same slot again',
        run: ({ client, memory }) =>
          client('survey').POST('/api/reservations', {
            body: booking(String(memory.slotKey), SIIRI),
          }),
      },
      {
        name: 'an invalid booking body',
        run: ({ client }) => client('patient').POST('/api/reservations', { body: {} as never }),
      },
      {
        name: 'future reservations',
        run: ({ client }) =>
          client('patient').GET('/api/reservations', { params: { query: { group: 'future' } } }),
      },
    ],
  },
  {
    name: 'holding a slot while booking it',
    statuses: [200, 201, 409, 409, 200, 201, 404, 200, 201, 204, 204],
    steps: [
      {
        name: 'day slots',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [2], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
        remember: (data, memory) => {
          memory.heldKey = data.slots[0].key;
          memory.otherKey = data.slots[1].key;
        },
      },
      {
        name: 'hold it, anonymously',
        run: ({ client, memory }) =>
          client(null).POST('/api/slot-holds', { body: { slotKey: String(memory.heldKey) } }),
        remember: (data, memory) => {
          memory.holdId = data.id;
        },
      },
      {
        name: 'someone else holds it',
        run: ({ client, memory }) =>
          client('survey').POST('/api/slot-holds', { body: { slotKey: String(memory.heldKey) } }),
      },
      {
        name: 'someone else books it',
        run: ({ client, memory }) =>
          client('survey').POST('/api/reservations', {
            body: booking(String(memory.heldKey), SIIRI, true),
          }),
      },
      {
        name: 'the hold',
        run: ({ client, memory }) =>
          client(null).GET('/api/slot-holds/{holdId}', {
            params: { path: { holdId: String(memory.holdId) } },
          }),
      },
      {
        name: 'the holder books it',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations', {
            body: {
              ...booking(String(memory.heldKey), MAIJA, true),
              holdId: String(memory.holdId),
            },
          }),
      },
      {
        name: 'the hold is used up',
        run: ({ client, memory }) =>
          client(null).GET('/api/slot-holds/{holdId}', {
            params: { path: { holdId: String(memory.holdId) } },
          }),
      },
      {
        name: 'day slots without it',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [2], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
      },
      {
        name: 'hold another',
        run: ({ client, memory }) =>
          client(null).POST('/api/slot-holds', { body: { slotKey: String(memory.otherKey) } }),
        remember: (data, memory) => {
          memory.otherHoldId = data.id;
        },
      },
      {
        name: 'release it',
        run: ({ client, memory }) =>
          client(null).DELETE('/api/slot-holds/{holdId}', {
            params: { path: { holdId: String(memory.otherHoldId) } },
          }),
      },
      {
        name: 'release it again',
        run: ({ client, memory }) =>
          client(null).DELETE('/api/slot-holds/{holdId}', {
            params: { path: { holdId: String(memory.otherHoldId) } },
          }),
      },
    ],
  },
  {
    name: 'sandboxes: isolated from each other and from the shared state',
    statuses: [200, 200, 200, 200, 200, 200, 200, 401, 200, 201, 201, 409, 400, 200, 204, 200, 204],
    steps: [
      {
        name: 'a: freeze the clock',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', { body: SANDBOX_NOW, headers: inSandbox('a') }),
      },
      {
        name: 'b: freeze the clock',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', { body: SANDBOX_NOW, headers: inSandbox('b') }),
      },
      {
        name: 'b: close the chat',
        run: ({ client }) =>
          client(null).PUT('/api/dev/scenarios/{name}', {
            params: { path: { name: 'chat-closed' } },
            body: { enabled: true },
            headers: inSandbox('b'),
          }),
      },
      {
        name: 'a: its scenarios (all off)',
        run: ({ client }) => client(null).GET('/api/dev/scenarios', { headers: inSandbox('a') }),
      },
      {
        name: 'the shared clock (not moved)',
        run: ({ client }) => client(null).GET('/api/dev/clock'),
      },
      {
        name: 'a: sign in',
        run: ({ client }) =>
          client(null).POST('/api/dev/session', {
            body: { user: 'patient' },
            headers: inSandbox('a'),
          }),
        remember: (data, memory) => {
          memory.tokenA = data.access_token;
        },
      },
      {
        name: 'b: sign in',
        run: ({ client }) =>
          client(null).POST('/api/dev/session', {
            body: { user: 'patient' },
            headers: inSandbox('b'),
          }),
        remember: (data, memory) => {
          memory.tokenB = data.access_token;
        },
      },
      {
        name: "a: the shared state's token opens nothing",
        run: ({ client }) => client('patient').GET('/api/me', { headers: inSandbox('a') }),
      },
      {
        name: 'a: day slots',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [2], reasonId: 1, customerType: 'private', date: '2026-12-03' },
            },
            headers: inSandbox('a'),
          }),
        remember: (data, memory) => {
          memory.sandboxKey = data.slots[0].key;
        },
      },
      {
        name: 'a: book the first',
        run: ({ client, memory }) =>
          client(String(memory.tokenA)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('a'),
          }),
      },
      {
        name: 'b: book the same time',
        run: ({ client, memory }) =>
          client(String(memory.tokenB)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('b'),
          }),
      },
      {
        name: 'a: the same time again',
        run: ({ client, memory }) =>
          client(String(memory.tokenA)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('a'),
          }),
      },
      {
        name: 'a name that is not one',
        run: ({ client }) => client(null).GET('/api/dev/clock', { headers: inSandbox('-a') }),
      },
      {
        name: 'the sandboxes',
        run: sandboxNames('a'),
      },
      {
        name: 'drop b',
        run: ({ client }) =>
          client(null).DELETE('/api/dev/sandboxes/{name}', { params: { path: { name: 'b' } } }),
      },
      {
        name: 'the sandboxes without b',
        run: sandboxNames(null),
      },
      {
        name: 'drop a',
        run: ({ client }) =>
          client(null).DELETE('/api/dev/sandboxes/{name}', { params: { path: { name: 'a' } } }),
      },
    ],
  },
  {
    name: 'faults, the journal and the outbox wait',
    statuses: [204, 201, 503, 200, 200, 200, 204, 200, 204],
    steps: [
      {
        name: 'empty the journal',
        run: ({ client }) => client(null).DELETE('/api/dev/journal'),
      },
      {
        name: 'a 503 for the next branch list',
        run: ({ client }) =>
          client(null).POST('/api/dev/faults', {
            body: { operationId: 'listBranches', status: 503, times: 1 },
          }),
      },
      {
        name: 'the branch list fails',
        run: ({ client }) => client(null).GET('/api/branches'),
      },
      {
        name: 'and then answers',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/branches');
          return { ...answer, data: answer.data?.length };
        },
      },
      {
        name: 'the fault is used up',
        run: ({ client }) => client(null).GET('/api/dev/faults'),
      },
      {
        name: 'the journal',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/dev/journal', {
            params: { query: { path: '/api/*' } },
          });
          const data = answer.data && {
            total: answer.data.total,
            items: answer.data.items.map((e) => `${e.method} ${e.url} ${e.status} ${e.user}`),
          };
          return { ...answer, data };
        },
      },
      {
        name: 'empty the outbox',
        run: ({ client }) => client(null).DELETE('/api/dev/outbox'),
      },
      {
        name: 'no reminder comes',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/dev/outbox/next', {
            params: { query: { kind: 'reminder', timeoutSeconds: 0 } },
          });
          return { ...answer, data: answer.data?.message };
        },
      },
      {
        name: 'remove every fault',
        run: ({ client }) => client(null).DELETE('/api/dev/faults'),
      },
    ],
  },
  {
    name: 'cancelling and moving inside and outside 24 h',
    statuses: [200, 409, 200, 200, 409, 404],
    steps: [
      {
        name: 'cancel outside 24 h',
        run: ({ client }) =>
          client('patient').POST('/api/reservations/{id}/cancel', {
            params: { path: { id: 1002 } },
          }),
      },
      {
        name: 'cancel inside 24 h',
        run: ({ client }) =>
          client('patient').POST('/api/reservations/{id}/cancel', {
            params: { path: { id: 1003 } },
          }),
      },
      {
        name: 'free slots for the move',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
        remember: (data, memory) => {
          memory.moveKey = data.slots[0].key;
        },
      },
      {
        name: 'move outside 24 h',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations/{id}/move', {
            params: { path: { id: 1001 } },
            body: { slotKey: String(memory.moveKey) },
          }),
      },
      {
        name: 'move inside 24 h',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations/{id}/move', {
            params: { path: { id: 1003 } },
            body: { slotKey: String(memory.moveKey) },
          }),
      },
      {
        name: "someone else's reservation",
        run: ({ client }) =>
          client('survey').GET('/api/reservations/{id}', { params: { path: { id: 1001 } } }),
      },
    ],
  },
  {
    name: 'waiting for an earlier time and taking the one freed',
    statuses: [200, 200, 201, 200, 201, 200, 200, 200, 200],
    steps: [
      {
        name: 'an early day',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
        remember: (data, memory) => {
          memory.earlyKey = data.slots[0].key;
        },
      },
      {
        name: 'a late day',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(17) },
            },
          }),
        remember: (data, memory) => {
          memory.lateKey = data.slots[0].key;
        },
      },
      {
        name: 'the patient books the late time',
        run: ({ client, memory }) =>
          client('patient').POST('/api/reservations', {
            body: booking(String(memory.lateKey), MAIJA, true),
          }),
        remember: (data, memory) => {
          memory.lateId = data.id;
        },
      },
      {
        name: 'and waits for an earlier one',
        run: ({ client, memory }) =>
          client('patient').PUT('/api/reservations/{id}/waitlist', {
            params: { path: { id: Number(memory.lateId) } },
            body: { scope: 'city', sameEmployee: false, earliestDate: day(0) },
          }),
      },
      {
        name: 'another patient books the early time',
        run: ({ client, memory }) =>
          client('survey').POST('/api/reservations', {
            body: booking(String(memory.earlyKey), SIIRI),
          }),
        remember: (data, memory) => {
          memory.earlyId = data.id;
        },
      },
      {
        name: 'and cancels it',
        run: ({ client, memory }) =>
          client('survey').POST('/api/reservations/{id}/cancel', {
            params: { path: { id: Number(memory.earlyId) } },
          }),
      },
      {
        name: 'the offer on the waiting list',
        run: ({ client }) => client('patient').GET('/api/waitlist'),
        remember: (data, memory) => {
          memory.offerId = data[0].offers[0].id;
        },
      },
      {
        name: 'taking it',
        run: ({ client, memory }) =>
          client('patient').POST('/api/waitlist/offers/{id}/accept', {
            params: { path: { id: Number(memory.offerId) } },
          }),
      },
      {
        name: 'the messages',
        run: outbox,
      },
    ],
  },
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
  {
    name: 'chat outside opening hours',
    statuses: [200, 200, 200, 409, 200],
    steps: [
      { name: 'open status', run: ({ client }) => client('patient').GET('/api/chat/status') },
      {
        name: 'evening',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', {
            body: { now: '2026-11-23T17:00:00+02:00', frozen: true },
          }),
      },
      { name: 'closed status', run: ({ client }) => client('patient').GET('/api/chat/status') },
      {
        name: 'start refused',
        run: ({ client }) =>
          client('patient').POST('/api/chat/conversations', {
            body: { topicId: 1, message: 'Hei' },
          }),
      },
      { name: 'archive', run: ({ client }) => client('patient').GET('/api/chat/conversations') },
    ],
  },
  {
    name: 'staff operations and roles',
    statuses: [403, 403, 200, 403, 201, 200],
    steps: [
      {
        name: 'patients as patient',
        run: ({ client }) => client('patient').GET('/api/admin/patients'),
      },
      {
        name: 'patients as content manager',
        run: ({ client }) => client('content-manager').GET('/api/admin/patients'),
      },
      {
        name: 'patients as admin',
        run: ({ client }) =>
          client('admin').GET('/api/admin/patients', { params: { query: { search: 'meik' } } }),
      },
      {
        name: 'article as patient',
        run: ({ client }) =>
          client('patient').POST('/api/admin/articles', {
            body: { title: 'x', content: '<p>x</p>', author: 'x', published: true },
          }),
      },
      {
        name: 'article as content manager',
        run: ({ client }) =>
          client('content-manager').POST('/api/admin/articles', {
            body: { title: 'Uutinen', content: '<p>Sisältö</p>', author: 'Sanna', published: true },
          }),
      },
      { name: 'rules', run: ({ client }) => client('content-manager').GET('/api/admin/rules') },
    ],
  },
  {
    name: 'profile, terms and maintenance',
    statuses: [200, 204, 400, 200, 503, 200, 204, 401],
    steps: [
      {
        name: 'terms',
        run: ({ client }) => client(null).GET('/api/terms'),
        remember: (data, memory) => void (memory.terms = data.version),
      },
      {
        name: 'accept terms',
        run: ({ client, memory }) =>
          client('first-login').POST('/api/user/accept/terms', {
            body: { version: String(memory.terms) },
          }),
      },
      {
        name: 'profile with a bad email',
        run: ({ client }) =>
          client('patient').PUT('/api/patients/{id}/profile', {
            params: { path: { id: 1 } },
            body: profileBody({ email: 'nope', phone: '040 123 4567' }),
          }),
      },
      {
        name: 'maintenance on',
        run: ({ client }) => client(null).PUT('/api/dev/maintenance', { body: { active: true } }),
      },
      {
        name: 'availability during maintenance',
        run: ({ client }) =>
          client(null).GET('/api/availability/month', {
            params: {
              query: {
                branchIds: [1],
                reasonId: 1,
                customerType: 'private',
                month: day(2).slice(0, 7),
              },
            },
          }),
      },
      { name: 'config during maintenance', run: ({ client }) => client(null).GET('/api/config') },
      { name: 'delete account', run: ({ client }) => client('survey').DELETE('/api/patients/') },
      { name: 'deleted user', run: ({ client }) => client('survey').GET('/api/me') },
    ],
  },
];

let app: FastifyInstance;
let httpOrigin: string;
let mock: ReturnType<typeof createMockServer>;

beforeAll(async () => {
  app = await buildApp({ state: createSeededState({ now: TEST_NOW }), webRoot: null });
  httpOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  mock = createMockServer({ now: TEST_NOW, baseUrl: MOCK_ORIGIN });
  mock.server.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  mock.server.close();
  await app.close();
});

async function devLogin(origin: string, user: string): Promise<string> {
  const response = await fetch(`${origin}/api/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('Fastify and MSW answer alike', () => {
  test('every operation of the contract has an MSW handler', async () => {
    // A server of its own: walking every operation also calls reset and the clock controls.
    const origin = 'http://walk.portal.test';
    mock.server.use(...createMswHandlers(createMockApi({ now: TEST_NOW }), { baseUrl: origin }));
    const missing: string[] = [];
    for (const operation of indexContract().operations) {
      // A wait (the outbox's next message) answers at once.
      const wait = operation.parameters.some((p) => p.name === 'timeoutSeconds');
      const url = `${origin}${operation.path.replace(/\{[^}]+\}/g, '1')}${wait ? '?timeoutSeconds=0' : ''}`;
      const response = await fetch(url, { method: operation.method });
      const body = (await response.json().catch(() => ({}))) as { Code?: string };
      // A handled request answers from the pipeline: a contract error body or a documented success.
      if (response.status === 404 && body.Code !== 'not-found')
        missing.push(`${operation.method} ${operation.path}`);
    }
    mock.server.resetHandlers();
    expect(missing).toEqual([]);
  });

  test.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const overHttp = await runScenario(scenario, httpOrigin, (user) => devLogin(httpOrigin, user));
    const overMsw = await runScenario(scenario, MOCK_ORIGIN, (user) => devLogin(MOCK_ORIGIN, user));
    expect(overHttp.map((o) => `${o.step}: ${o.status}`)).toEqual(
      scenario.steps.map((step, i) => `${step.name}: ${scenario.statuses[i]}`),
    );
    expect(overMsw).toEqual(overHttp);
  });

  test('both drop the connection of a request a fault strikes', async () => {
    for (const origin of [httpOrigin, MOCK_ORIGIN]) {
      const added = await fetch(`${origin}/api/dev/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ operationId: 'getConfig', drop: true, times: 1 }),
      });
      expect(added.status, origin).toBe(201);
      await expect(fetch(`${origin}/api/config`), origin).rejects.toThrow();
      expect((await fetch(`${origin}/api/config`)).status, origin).toBe(200);
    }
  });

  test('both send the case of a refused code', async () => {
    const scenario = scenarios.find((s) => s.name.startsWith('refused codes'))!;
    // A server of its own: the scenarios above leave a maintenance break on.
    const origin = 'http://codes.portal.test';
    mock.server.use(...createMswHandlers(createMockApi({ now: TEST_NOW }), { baseUrl: origin }));
    const overMsw = await runScenario(scenario, origin, (user) => devLogin(origin, user));
    mock.server.resetHandlers();
    expect(overMsw.map(({ body }) => body)).toEqual([
      expect.objectContaining({ Problem: 'expired', ProblemDate: '2026-09-14' }),
      expect.objectContaining({ Problem: 'unknown' }),
      expect.objectContaining({ Problem: 'expired', ProblemDate: '2026-11-13' }),
      expect.objectContaining({ Problem: 'other-customer-type' }),
    ]);
  });
});
