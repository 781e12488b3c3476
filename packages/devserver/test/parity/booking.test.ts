import { describe } from 'vitest';
import { MAIJA } from '../harness.ts';
import type { Scenario, Step } from './scenario.ts';
import { parityServers, testScenarios } from './servers.ts';
import { booking, day, guardiansPersons, SIIRI } from './steps.ts';

/** Booking, holding, moving and cancelling, and the earlier-time waitlist, over both transports. */

/** The dev outbox; the links carry each server's own origin, the messages must otherwise match. */
const outbox: Step['run'] = async ({ client }) => {
  const answer = await client(null).GET('/api/dev/outbox');
  const data = JSON.parse(
    JSON.stringify(answer.data ?? null).replace(/https?:\/\/[^/"]+/g, '<origin>'),
  ) as unknown;
  return { ...answer, data };
};

/** The times of the patient's own appointments of a "My reservations" tab, remembered. */
const ownTimes = (group: 'future' | 'tentative'): Step => ({
  name: `the patient's appointments (${group})`,
  run: ({ client }) => client('patient').GET('/api/reservations', { params: { query: { group } } }),
  remember: (data: { startTime: string; endTime: string }[], memory) => {
    const times = (memory.ownTimes as [number, number][] | undefined) ?? [];
    memory.ownTimes = [
      ...times,
      ...data.map(({ startTime, endTime }) => [Date.parse(startTime), Date.parse(endTime)]),
    ];
  },
});

/**
 * The first slot of a day that overlaps none of the patient's own appointments (`ownTimes`): a
 * time at which the patient already sits in another chair is refused (409
 * `overlapping-reservation`), however free it is.
 */
function firstFree(
  slots: { key: string; startTime: string; endTime: string }[],
  memory: Record<string, unknown>,
): string {
  const own = (memory.ownTimes as [number, number][] | undefined) ?? [];
  const free = slots.find(({ startTime, endTime }) =>
    own.every(([start, end]) => Date.parse(startTime) >= end || Date.parse(endTime) <= start),
  );
  if (free === undefined) throw new Error("No slot of the day is free of the patient's own");
  return free.key;
}

/** The guardian's contact, for a family booking's reservations and messages. */
const PEKKA = {
  email: 'pekka.perhe@example.fi',
  phone: '+358 40 765 4321',
  street: 'Perhekuja 3',
  postalCode: '00100',
  city: 'Helsinki',
};

const scenarios: Scenario[] = [
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
    name: 'cancelling and moving inside and outside 24 h',
    statuses: [200, 409, 200, 200, 200, 200, 409, 404],
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
      ownTimes('future'),
      ownTimes('tentative'),
      {
        name: 'free slots for the move',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
        remember: (data, memory) => {
          memory.moveKey = firstFree(data.slots, memory);
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
    statuses: [200, 200, 200, 200, 201, 200, 201, 200, 200, 200, 200],
    steps: [
      ownTimes('future'),
      ownTimes('tentative'),
      {
        name: 'an early day',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [1], reasonId: 1, customerType: 'private', date: day(3) },
            },
          }),
        remember: (data, memory) => {
          memory.earlyKey = firstFree(data.slots, memory);
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
          memory.lateKey = firstFree(data.slots, memory);
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
    // Issue 55: two children's check-ups back to back, held together, booked all or none.
    name: 'a family booking, held together',
    statuses: [200, 200, 201, 201, 200, 409],
    steps: [
      guardiansPersons,
      {
        name: 'day slots',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [3], reasonId: 1, customerType: 'private', date: day(4) },
            },
          }),
        remember: (
          data: {
            slots: { key: string; employeeId: number; startTime: string; endTime: string }[];
          },
          memory,
        ) => {
          const first = data.slots.find((slot) =>
            data.slots.some(
              (next) => next.employeeId === slot.employeeId && next.startTime === slot.endTime,
            ),
          );
          if (!first) throw new Error('No two times back to back');
          memory.first = first.key;
          memory.second = data.slots.find(
            (next) => next.employeeId === first.employeeId && next.startTime === first.endTime,
          )?.key;
        },
      },
      {
        name: 'hold both times',
        run: ({ client, memory }) =>
          client('guardian').POST('/api/slot-holds', {
            body: { slotKey: String(memory.first), familySlotKeys: [String(memory.second)] },
          }),
        remember: (data: { id: string }, memory) => {
          memory.holdId = data.id;
        },
      },
      {
        name: 'book both children',
        run: ({ client, memory }) =>
          client('guardian').POST('/api/family-bookings', {
            body: {
              members: [
                { personId: Number(memory.aino), slotKey: String(memory.first) },
                { personId: Number(memory.eetu), slotKey: String(memory.second) },
              ],
              contact: PEKKA,
              holdId: String(memory.holdId),
            },
          }),
      },
      { name: 'the one confirmation', run: outbox },
      {
        name: 'the same times again: taken, nothing booked',
        run: ({ client, memory }) =>
          client('guardian').POST('/api/family-bookings', {
            body: {
              members: [
                { personId: Number(memory.eetu), slotKey: String(memory.first) },
                { personId: Number(memory.aino), slotKey: String(memory.second) },
              ],
              contact: PEKKA,
            },
          }),
      },
    ],
  },
];

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  testScenarios(servers, scenarios);
});
