import { ownUserId } from '../discovery.ts';
import { expectStatus, jsonObject } from '../expect.ts';
import type { InvariantId } from '../invariants.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { Flow, hasAll, need } from './flow.ts';

/** The flow's invariants: it runs when one of them is selected. */
const ACCESS_LOG_INVARIANTS: readonly InvariantId[] = [
  'staff_read_in_the_patients_log',
  'access_log_is_ones_own',
  'access_log_chain_verifies',
];

/** How long a staff read may take to reach the patient's log. */
const WITHIN_MS = 1000;
const POLL_MS = 100;

interface LoggedEntry {
  id: number;
  operation: string;
  role: string;
}

/** The entries of an access-log page, as far as the invariants read them. */
function entriesOf(json: unknown): LoggedEntry[] {
  const items = isObject(json) && Array.isArray(json.items) ? json.items : [];
  return items.flatMap((item): LoggedEntry[] => {
    if (!isObject(item) || typeof item.id !== 'number') return [];
    const actor = isObject(item.actor) ? item.actor : {};
    return [
      {
        id: item.id,
        operation: typeof item.operation === 'string' ? item.operation : '',
        role: typeof actor.role === 'string' ? actor.role : '',
      },
    ];
  });
}

/**
 * Reads a log until it holds an entry the check wants, for at most WITHIN_MS (polling every
 * POLL_MS); else fails, naming what is missing and the log's newest entries. Answers the entry.
 */
export async function awaitLogEntry<E>(
  read: () => Promise<E[]>,
  wanted: (entry: E) => boolean,
  missing: string,
  after: string,
): Promise<E> {
  const until = Date.now() + WITHIN_MS;
  for (;;) {
    const entries = await read();
    const found = entries.find(wanted);
    if (found !== undefined) return found;
    if (Date.now() >= until)
      fail(
        `${missing} ${WITHIN_MS} ms after ${after}; its newest: ${JSON.stringify(entries.slice(0, 3))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The access log (issue 57): an admin opens the test patient's record; within a second the
 * patient's own log names it (the reader's role and the operation); another user's log (the
 * content manager's) does not gain it; the chain verifies afterwards.
 */
export async function accessLogFlow(runner: Runner): Promise<void> {
  if (!hasAll(runner, ['getPatient', 'listAccessLog']) || !runner.isSelected('listAccessLog'))
    return;
  if (!ACCESS_LOG_INVARIANTS.some((id) => runner.wants(id))) return;
  // Every step holds one of its invariants: they are its check ids.
  const flow = new Flow(runner, 'access log', null);
  const admin = runner.token('admin');
  const patient = runner.token('patient');
  // Another signed-in user (the content manager): their own log must not gain the entry.
  const other = runner.token('content-manager');
  const newest = async (token: string, label: string): Promise<LoggedEntry[]> => {
    const answer = await runner.call('listAccessLog', label, { token, query: { pageSize: 20 } });
    expectStatus(runner.op('listAccessLog'), answer, [200]);
    return entriesOf(jsonObject(answer));
  };

  const before = await flow.step(
    'listAccessLog',
    "a staff read of a patient is in that patient's own log within a second, with the reader's role and the operation",
    { destructive: true, soft: true, invariant: 'staff_read_in_the_patients_log' },
    async () => {
      if (!admin || !patient) skip('needs the admin and the patient signed in');
      const patientId = await ownUserId(runner, 'patient');
      if (patientId === undefined) skip("needs the patient's own id (getMe)");
      const last = (await newest(patient, 'access log: the patient’s newest entry'))[0]?.id ?? 0;
      const otherLast = other
        ? ((await newest(other, 'access log: another user’s newest entry'))[0]?.id ?? 0)
        : null;
      const read = await runner.call('getPatient', 'access log: an admin opens the record', {
        token: admin,
        path: { id: patientId },
      });
      expectStatus(runner.op('getPatient'), read, [200]);
      await awaitLogEntry(
        () => newest(patient, 'access log: the patient reads their log'),
        (entry) => entry.id > last && entry.operation === 'getPatient' && entry.role === 'admin',
        "no entry of getPatient by an admin in the patient's log",
        'the read',
      );
      return { otherLast };
    },
  );

  await flow.step(
    'listAccessLog',
    "another user's log does not show it: a log holds only the entries about its reader",
    { soft: true, invariant: 'access_log_is_ones_own' },
    async () => {
      const { otherLast } = need(before, 'the staff read');
      if (!other || otherLast === null) skip('needs a second user (content-manager) signed in');
      const entries = await newest(other, 'access log: another user reads their log');
      const leaked = entries.filter((entry) => entry.id > otherLast);
      if (leaked.length > 0)
        fail(`another user's log gained ${leaked.length} entries: ${JSON.stringify(leaked)}`);
    },
  );

  if (!hasAll(runner, ['verifyAccessLog']) || !runner.isSelected('verifyAccessLog')) return;
  await flow.step(
    'verifyAccessLog',
    'the chain of the access log verifies after the staff read',
    { invariant: 'access_log_chain_verifies' },
    async () => {
      if (!admin) skip('needs the admin signed in');
      const answer = await runner.call('verifyAccessLog', 'access log: verify the chain', {
        token: admin,
      });
      expectStatus(runner.op('verifyAccessLog'), answer, [200]);
      const verdict = jsonObject(answer);
      if (verdict.valid !== true) fail(`the chain does not verify: ${describe(answer)}`);
    },
  );
}
