import type { OperationId } from '@portal/sdk/contract';
import { ownUserId, validCall } from '../discovery.ts';
import { expectStatus, idOf, listItems } from '../expect.ts';
import { expectRefusal, refusalStatuses } from '../ownership.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import type { TestUser } from '../types.ts';
import { anySelected, Flow } from './flow.ts';

// RESTler's namespace rule: a resource one user owns, addressed by its id in the path, is not
// another user's to read or change. The checker finds a resource of the patient test user's, tries
// each operation that names it as another patient, and reads it back as its owner afterwards.

const CHECK_ID = 'no_use_of_another_users_resource';

/**
 * The owner of the resources, and the other patients who try them, in order of preference: two
 * unrelated adults. `guardian` acts for his children and `mandatary` for her parents, never for
 * `patient`; neither call sends `X-Acting-For`, so each acts as themself.
 */
const OWNER: TestUser = 'patient';
const OTHERS: readonly TestUser[] = ['mandatary', 'guardian'];

/** A resource of the owner's that the rule tries as another user. */
interface OwnedResource {
  /** What it is, for the checks' names: `reservation`. */
  what: string;
  /** Where the owner's resources are listed (the step that finds one is reported there). */
  finder: OperationId;
  /** Finds one (its id), as the owner; undefined when the owner has none. */
  find: (runner: Runner, token: string) => Promise<number | undefined>;
  /** Reads it as the owner, for the comparison before and after. */
  read: OperationId;
  /** What of the read must not change (default: the whole body). */
  fingerprint?: (body: unknown) => unknown;
  /** The operations naming it by their path's `id`, reads first and the destructive ones last. */
  operations: readonly OperationId[];
}

/** The first item of a list answer that `prefer` likes, else the first; its id. */
function pick(items: unknown[], prefer: (item: unknown) => boolean): number | undefined {
  return idOf(items.find(prefer) ?? items[0]);
}

const startOf = (item: unknown): number =>
  isObject(item) && typeof item.startTime === 'string' ? Date.parse(item.startTime) || 0 : 0;

const isActive = (item: unknown): boolean =>
  isObject(item) && (item.status === 'active' || item.status === 'confirmed');

const RESOURCES: readonly OwnedResource[] = [
  {
    what: 'reservation',
    finder: 'listReservations',
    async find(runner, token) {
      for (const group of ['future', 'past']) {
        const answer = await runner.call(
          'listReservations',
          `namespace: the ${group} reservations of ${OWNER}`,
          { token, query: { group } },
        );
        expectStatus(runner.op('listReservations'), answer, [200]);
        // The latest that is still on: outside the 24-hour line, a change would go through.
        const items = listItems(answer.json).toSorted((a, b) => startOf(b) - startOf(a));
        const id = pick(items, isActive);
        if (id !== undefined) return id;
      }
      return undefined;
    },
    read: 'getReservation',
    operations: [
      'getReservation',
      'getReservationCalendar',
      'setReservationVisibility',
      'setWaitlistEntry',
      'leaveWaitlist',
      'confirmReservation',
      'moveReservation',
      'cancelReservation',
    ],
  },
  {
    what: 'chat conversation',
    finder: 'listConversations',
    async find(runner, token) {
      const answer = await runner.call(
        'listConversations',
        `namespace: the conversations of ${OWNER}`,
        {
          token,
        },
      );
      expectStatus(runner.op('listConversations'), answer, [200]);
      return pick(listItems(answer.json), isActive);
    },
    read: 'getConversation',
    // An answer from the clinic may come at any time: what the patient wrote, and the status.
    fingerprint: (body) =>
      isObject(body)
        ? {
            status: body.status,
            written: listItems(body.messages).filter((m) => isObject(m) && m.sender === 'patient'),
          }
        : body,
    operations: ['getConversation', 'streamConversation', 'sendChatMessage', 'closeConversation'],
  },
  {
    what: 'profile',
    finder: 'getMe',
    find: (runner) => ownUserId(runner, OWNER),
    read: 'getMe',
    operations: ['updateProfile'],
  },
];

/** The owner's read of the resource: what must not change, or the read's failure. */
async function ownerView(
  runner: Runner,
  resource: OwnedResource,
  token: string,
  id: number,
  label: string,
): Promise<string> {
  const spec = runner.op(resource.read);
  const path = spec.parameters.some((p) => p.in === 'path' && p.name === 'id') ? { id } : {};
  const answer = await runner.call(resource.read, label, { token, path });
  expectStatus(spec, answer, [200]);
  const seen = resource.fingerprint ? resource.fingerprint(answer.json) : answer.json;
  return JSON.stringify(seen);
}

/** The signed-in user who tries the owner's resources, or null. */
function otherUser(runner: Runner): TestUser | null {
  return OTHERS.find((user) => runner.token(user) !== null) ?? null;
}

/**
 * RESTler's namespace rule over the patient's reservations, conversations and profile: another
 * patient who calls an operation on one (read, change, delete) by its id gets the contract's
 * refusal (404 not-found, or 403 where documented), never a 2xx, and the owner reads it back
 * unchanged.
 */
export async function namespaceChecks(runner: Runner): Promise<void> {
  if (!runner.wants(CHECK_ID)) return;
  for (const resource of RESOURCES) {
    const operations = resource.operations.filter((id) => runner.has(id));
    if (!anySelected(runner, operations)) continue;
    if (!runner.has(resource.finder) || !runner.has(resource.read)) continue;
    await tryAsAnotherUser(runner, resource, operations);
  }
}

async function tryAsAnotherUser(
  runner: Runner,
  resource: OwnedResource,
  operations: readonly OperationId[],
): Promise<void> {
  const flow = new Flow(runner, `namespace rule (${resource.what})`, CHECK_ID, 'auth');
  const owner = runner.token(OWNER);
  const other = otherUser(runner);
  if (!owner) flow.block(`no ${OWNER} token (--login-as ${OWNER} or --token ${OWNER}=…)`);
  else if (!other)
    flow.block(
      `needs a second patient, unrelated to ${OWNER}: --login-as ${OTHERS.join(' or --login-as ')}`,
    );
  const otherToken = other ? runner.token(other) : null;

  const id = await flow.step(
    resource.finder,
    `finds a ${resource.what} of ${OWNER}'s for another patient to try`,
    {},
    async () => {
      const found = await resource.find(runner, owner ?? '');
      if (found === undefined)
        skip(`${OWNER} has no ${resource.what} to try as another patient (make one first)`);
      return found;
    },
  );

  for (const operationId of operations) {
    const spec = runner.op(operationId);
    const statuses = refusalStatuses(spec).join(' or ');
    await flow.step(
      operationId,
      `answers ${statuses} to another patient for ${OWNER}'s ${resource.what}, which stays as it was`,
      { destructive: spec.method !== 'GET', soft: true },
      async () => {
        if (id === undefined || !owner || !other || !otherToken) skip('nothing to try');
        const before = await ownerView(
          runner,
          resource,
          owner,
          id,
          `namespace: ${OWNER} reads the ${resource.what}`,
        );
        const { call } = await validCall(runner, spec, other);
        const answer = await runner.call(
          operationId,
          `namespace: ${other} tries ${OWNER}'s ${resource.what}`,
          { ...call, token: otherToken, path: { ...call.path, id } },
        );
        expectRefusal(
          runner,
          spec,
          answer,
          `${other} was served ${OWNER}'s ${resource.what} ${id}`,
        );
        const after = await ownerView(
          runner,
          resource,
          owner,
          id,
          `namespace: ${OWNER} reads the ${resource.what} again`,
        );
        if (after !== before)
          fail(
            `${OWNER}'s ${resource.what} ${id} changed after ${other}'s ${spec.method} ${spec.path} (${describe(answer)}): before ${before.slice(0, 300)}, after ${after.slice(0, 300)}`,
          );
      },
    );
  }
}
