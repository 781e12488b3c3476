import type { OperationId } from '@portal/sdk/contract';
import { expectErrorCode, expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { describe, fail, type Runner } from '../runner.ts';
import { helsinkiDate, need, sameInstant, type Flow } from './flow.ts';

export const WAITLIST_OPERATIONS: readonly OperationId[] = [
  'setWaitlistEntry',
  'listWaitlist',
  'acceptWaitlistOffer',
  'leaveWaitlist',
];

interface WaitlistContext {
  runner: Runner;
  flow: Flow;
  token: string | null;
  now: Date;
  /** The booking flow's reservation, at a later time than `earlier`. */
  reservationId: number | undefined;
  /** A free slot earlier than the reservation, and how to book it. */
  earlier: { key: string; startTime: string } | undefined;
  /** A free slot later than `earlier`, for a second waiting reservation. */
  later: { key: string; startTime: string } | undefined;
  book: (slotKey: string) => Promise<unknown>;
}

function entryOf(json: unknown, reservationId: number): JsonObject | undefined {
  return listItems(json).find(
    (entry): entry is JsonObject => isObject(entry) && entry.reservationId === reservationId,
  );
}

/**
 * The earlier-time waitlist, inside the booking flow: the reservation asks for an earlier time;
 * the patient books the earlier slot and cancels it, which frees it; the waitlist shows an open
 * offer of that time, and accepting it moves the reservation there. A second reservation, waiting
 * for the same time, is answered 409 slot-taken when it accepts afterwards (first accept wins).
 * Leaves the reservation at the earlier time (the booking flow cancels it afterwards); the second
 * one is cancelled.
 */
export async function waitlistSteps(context: WaitlistContext): Promise<void> {
  const { runner, flow, token } = context;
  if (!WAITLIST_OPERATIONS.every((id) => runner.has(id))) return;
  const reservationId = (): number => need(context.reservationId, 'the booked reservation');
  const earlier = () => need(context.earlier, 'an earlier free slot');

  const waitFor = async (label: string, id: number): Promise<void> => {
    const answer = await runner.call('setWaitlistEntry', label, {
      token,
      path: { id },
      json: { scope: 'city', sameEmployee: false, earliestDate: helsinkiDate(context.now) },
    });
    expectStatus(runner.op('setWaitlistEntry'), answer, [200]);
    if (jsonObject(answer).reservationId !== id)
      fail(`the entry is for ${describe(answer)}, expected reservation ${id}`);
  };

  await flow.step(
    'setWaitlistEntry',
    'puts a future reservation on the earlier-time waitlist (200 with the entry)',
    { destructive: true, soft: true },
    () => waitFor('waitlist: ask for an earlier time', reservationId()),
  );

  // A second reservation of the same service waits for the same earlier time.
  let rival: number | undefined;
  try {
    await flow.step(
      'setWaitlistEntry',
      'puts a second reservation of the same service on the waitlist (200 with the entry)',
      { destructive: true, soft: true },
      async () => {
        const booked = await runner.call(
          'createReservation',
          'waitlist: book a second, later time',
          {
            token,
            json: await context.book(need(context.later, 'a later free slot').key),
          },
        );
        expectStatus(runner.op('createReservation'), booked, [201]);
        rival = idOf(booked.json);
        await waitFor(
          'waitlist: the second reservation asks for an earlier time',
          need(rival, 'the second reservation'),
        );
      },
    );

    const offer = await flow.step(
      'listWaitlist',
      'offers a freed earlier time to the waiting reservation (status open)',
      { destructive: true, soft: true, invariant: 'freed_time_offered_to_the_waitlist' },
      async () => {
        const slot = earlier();
        const booked = await runner.call('createReservation', 'waitlist: book the earlier time', {
          token,
          json: await context.book(slot.key),
        });
        expectStatus(runner.op('createReservation'), booked, [201]);
        const freed = await runner.call('cancelReservation', 'waitlist: free the earlier time', {
          token,
          path: { id: idOf(booked.json) },
        });
        expectStatus(runner.op('cancelReservation'), freed, [200]);
        const answer = await runner.call('listWaitlist', 'waitlist: my waiting list', { token });
        expectStatus(runner.op('listWaitlist'), answer, [200]);
        const entry = entryOf(answer.json, reservationId());
        if (!entry) fail(`reservation ${reservationId()} is not listed: ${describe(answer)}`);
        const open = listItems(entry.offers).find(
          (candidate): candidate is JsonObject =>
            isObject(candidate) &&
            candidate.status === 'open' &&
            sameInstant(candidate.startTime, slot.startTime),
        );
        if (!open) fail(`no open offer of ${slot.startTime}: ${JSON.stringify(entry.offers)}`);
        return open;
      },
    );

    await flow.step(
      'acceptWaitlistOffer',
      'moves the reservation into the accepted offer (200, the offered start)',
      { destructive: true, soft: true },
      async () => {
        const answer = await runner.call('acceptWaitlistOffer', 'waitlist: accept the offer', {
          token,
          path: { id: idOf(need(offer, 'an open offer')) },
        });
        expectStatus(runner.op('acceptWaitlistOffer'), answer, [200]);
        const moved = jsonObject(answer);
        if (idOf(moved) !== reservationId() || !sameInstant(moved.startTime, earlier().startTime))
          fail(
            `expected reservation ${reservationId()} at ${earlier().startTime}: ${describe(answer)}`,
          );
      },
    );

    await flow.step(
      'acceptWaitlistOffer',
      'answers 409 slot-taken to the second reservation accepting the same time afterwards; its offer shows taken',
      { destructive: true, soft: true, invariant: 'waitlist_first_accept_wins' },
      async () => {
        const id = need(rival, 'the second waiting reservation');
        const slot = earlier();
        const list = await runner.call('listWaitlist', 'waitlist: the offers after the accept', {
          token,
        });
        expectStatus(runner.op('listWaitlist'), list, [200]);
        const entry = entryOf(list.json, id);
        if (!entry) fail(`reservation ${id} is not listed: ${describe(list)}`);
        const late = listItems(entry.offers).find(
          (candidate): candidate is JsonObject =>
            isObject(candidate) && sameInstant(candidate.startTime, slot.startTime),
        );
        if (!late)
          fail(
            `reservation ${id}, waiting too, was never offered ${slot.startTime}: ${JSON.stringify(entry.offers)}`,
          );
        if (late.status !== 'taken')
          fail(`its offer of the accepted time has status ${String(late.status)}, expected taken`);
        const answer = await runner.call('acceptWaitlistOffer', 'waitlist: the second accept', {
          token,
          path: { id: idOf(late) },
        });
        expectStatus(runner.op('acceptWaitlistOffer'), answer, [409]);
        expectErrorCode(answer, ['slot-taken']);
      },
    );
  } finally {
    if (rival !== undefined)
      await runner.call('cancelReservation', 'cleanup: cancel the second reservation', {
        token,
        path: { id: rival },
      });
  }

  await flow.step(
    'leaveWaitlist',
    'takes the reservation off the waitlist (204, also when it has no entry)',
    { destructive: true, soft: true },
    async () => {
      for (const attempt of ['leave', 'leave again']) {
        const answer = await runner.call('leaveWaitlist', `waitlist: ${attempt}`, {
          token,
          path: { id: reservationId() },
        });
        expectStatus(runner.op('leaveWaitlist'), answer, [204]);
      }
      const answer = await runner.call('listWaitlist', 'waitlist: the list after leaving', {
        token,
      });
      expectStatus(runner.op('listWaitlist'), answer, [200]);
      if (entryOf(answer.json, reservationId()))
        fail(`reservation ${reservationId()} is still listed: ${describe(answer)}`);
    },
  );
}
