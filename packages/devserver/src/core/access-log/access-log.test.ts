import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { createState } from '../state.ts';
import { restoreState, snapshotState } from '../snapshot.ts';
import { entryHash, pruneAccessLog, RETENTION_MS, verifyAccessLog } from './access-log.ts';

type Page = Schemas['AccessLogPage'];
type AdminPage = Schemas['AdminAccessLogPage'];

async function logOf(h: Harness, who: 'patient' | 'survey' | 'admin', month?: string) {
  const response = await h.call('listAccessLog', {
    as: who,
    query: { pageSize: 100, ...(month === undefined ? {} : { month }) },
  });
  expect(response.status).toBe(200);
  return response.json as Page;
}

/** Every stored entry, oldest first. */
const stored = (h: Harness) => [...h.state.db.accessLogEntry.getAll()].sort((a, b) => a.id - b.id);

describe('the access log (issue 57)', () => {
  test('an admin reading a patient is in that patient’s log with the role, name, fields and operation; not in another’s', async () => {
    const h = createHarness();
    const maija = h.userId('patient');
    expect((await logOf(h, 'patient')).items).toEqual([]);
    const read = await h.call('getPatient', { as: 'admin', path: { id: maija } });
    expect(read.status).toBe(200);

    const [entry, ...rest] = (await logOf(h, 'patient')).items;
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor: { role: 'admin', name: 'Antti Ylläpitäjä' },
      action: 'read',
      operation: 'getPatient',
      at: '2026-11-23T10:00:00+02:00',
    });
    expect(entry?.fields).toEqual(expect.arrayContaining(['ssn', 'email', 'phone']));
    expect((await logOf(h, 'survey')).items).toEqual([]);
  });

  test('a search is an entry for each patient it listed; an export for each patient in the file', async () => {
    const h = createHarness();
    const page = await h.call('listPatients', { as: 'admin', query: { search: 'Meikäläinen' } });
    expect(page.status).toBe(200);
    const listed = (page.json as Schemas['AdminPatientPage']).items.map((item) => item.id);
    expect(listed).toContain(h.userId('patient'));
    const searches = stored(h).filter((entry) => entry.action === 'search');
    expect(searches.map((entry) => entry.subjectId).sort()).toEqual([...listed].sort());

    const exported = await h.call('exportMarketingConsents', { as: 'admin' });
    expect(exported.status).toBe(200);
    const inFile = String(exported.body)
      .split('\r\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => Number(line.split(',')[0]));
    const exports = stored(h).filter((entry) => entry.action === 'export');
    expect(exports.map((entry) => entry.subjectId)).toEqual(inFile);
    const [maijas] = (await logOf(h, 'patient')).items;
    expect(maijas).toMatchObject({ action: 'export', operation: 'exportMarketingConsents' });
    expect(maijas?.fields).toEqual(expect.arrayContaining(['email', 'phone', 'emailMarketing']));
  });

  test('a change names only the fields that changed; a save that changes nothing is no entry', async () => {
    const h = createHarness();
    const siiri = h.userId('survey');
    const before = (await h.call('getPatient', { as: 'admin', path: { id: siiri } }))
      .json as Schemas['AdminPatient'];
    const update = ({ id: _id, ssn: _ssn, createdAt: _c, ...rest }: Schemas['AdminPatient']) =>
      rest;
    expect(
      (
        await h.call('updatePatient', {
          as: 'admin',
          path: { id: siiri },
          body: { ...update(before), city: 'Turku', smsMarketing: !before.smsMarketing },
        })
      ).status,
    ).toBe(200);
    await h.call('updatePatient', {
      as: 'admin',
      path: { id: siiri },
      body: { ...update(before), city: 'Turku', smsMarketing: !before.smsMarketing },
    });
    const changes = (await logOf(h, 'survey')).items.filter((entry) => entry.action === 'change');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.fields).toEqual(['smsMarketing', 'city']);
  });

  test('a patient reads only their own log; the staff search and the verification are for admins', async () => {
    const h = createHarness();
    await h.call('getPatient', { as: 'admin', path: { id: h.userId('patient') } });
    expect((await h.call('adminListAccessLog', { as: 'patient' })).status).toBe(403);
    expect((await h.call('verifyAccessLog', { as: 'patient' })).status).toBe(403);
    expect((await h.call('adminListAccessLog', { as: 'content-manager' })).status).toBe(403);
    // The caller's own entries only, whatever the query says.
    const other = await h.call('listAccessLog', {
      as: 'survey',
      query: { subjectId: h.userId('patient') },
      unchecked: true,
    });
    expect((other.json as Page).items).toEqual([]);
  });

  test('the staff search narrows by actor, patient and dates, and is itself logged', async () => {
    const h = createHarness();
    const maija = h.userId('patient');
    await h.call('getPatient', { as: 'admin', path: { id: maija } });
    await h.call('getPatient', { as: 'admin', path: { id: h.userId('survey') } });
    const found = await h.call('adminListAccessLog', {
      as: 'admin',
      query: { subjectId: maija, from: '2026-11-23', to: '2026-11-23' },
    });
    expect(found.status).toBe(200);
    const page = found.json as AdminPage;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      actorId: h.userId('admin'),
      subject: { id: maija, name: 'Maija Meikäläinen' },
      operation: 'getPatient',
    });
    const before = await h.call('adminListAccessLog', {
      as: 'admin',
      query: { subjectId: maija, to: '2026-11-22' },
    });
    expect((before.json as AdminPage).total).toBe(0);
    // Maija now also sees that her log was read.
    const [newest] = (await logOf(h, 'patient')).items;
    expect(newest).toMatchObject({
      action: 'read',
      fields: ['accessLog'],
      operation: 'adminListAccessLog',
    });
  });

  test('a month narrows the list; entries older than two years are gone', async () => {
    const h = createHarness();
    await h.call('getPatient', { as: 'admin', path: { id: h.userId('patient') } });
    expect((await logOf(h, 'patient', '2026-11')).total).toBe(1);
    expect((await logOf(h, 'patient', '2026-10')).total).toBe(0);
    h.state.clock.set(new Date(h.state.clock.nowMs() + RETENTION_MS + 1000), true);
    expect((await logOf(h, 'patient')).total).toBe(0);
    // The next entry prunes it from the store, and the chain still verifies from its anchor.
    await h.call('getPatient', { as: 'admin', path: { id: h.userId('survey') } });
    expect(stored(h).map((entry) => entry.subjectId)).toEqual([h.userId('survey')]);
    expect(verifyAccessLog(h.state)).toEqual({ valid: true, checked: 1, problem: null });
  });

  test('bounded in bytes: the oldest entries go first, down to nine tenths of the bound, and the kept chain verifies', async () => {
    const h = createHarness();
    for (let n = 0; n < 10; n += 1) {
      await h.call('getPatient', { as: 'admin', path: { id: h.userId('patient') } });
    }
    const oneEntry = JSON.stringify(stored(h)[0]).length;
    // Under the bound: nothing goes.
    pruneAccessLog(h.state, oneEntry * 10 + 10);
    expect(stored(h)).toHaveLength(10);
    // Over it: down to nine tenths of 5 entries' bytes, 4 entries, the newest.
    pruneAccessLog(h.state, oneEntry * 5);
    expect(stored(h).map((entry) => entry.id)).toEqual([7, 8, 9, 10]);
    expect(verifyAccessLog(h.state)).toEqual({ valid: true, checked: 4, problem: null });
    // The next entry follows the kept chain.
    await h.call('getPatient', { as: 'admin', path: { id: h.userId('survey') } });
    expect(verifyAccessLog(h.state)).toEqual({ valid: true, checked: 5, problem: null });
  });
});

test('the log survives a restart with the state file: the same entries, the chain verifying and going on', async () => {
  const h = createHarness();
  await h.call('getPatient', { as: 'admin', path: { id: h.userId('patient') } });
  await h.call('exportMarketingConsents', { as: 'admin' });
  const saved = JSON.parse(JSON.stringify(snapshotState(h.state))) as ReturnType<
    typeof snapshotState
  >;
  const restarted = createState();
  restoreState(restarted, saved);
  expect(restarted.db.accessLogEntry.getAll()).toEqual(h.state.db.accessLogEntry.getAll());
  expect(verifyAccessLog(restarted)).toMatchObject({ valid: true, problem: null });
  expect(verifyAccessLog(restarted).checked).toBe(stored(h).length);
});

describe('the access log’s chain (issue 57: tamper-evident)', () => {
  async function logged(): Promise<Harness> {
    const h = createHarness();
    for (const who of ['patient', 'survey', 'first-login', 'patient'] as const) {
      await h.call('getPatient', { as: 'admin', path: { id: h.userId(who) } });
    }
    const verdict = await h.call('verifyAccessLog', { as: 'admin' });
    expect(verdict.json).toEqual({ valid: true, checked: 4, problem: null });
    return h;
  }

  test('an altered entry is named (QA’s intruder through the dev operation)', async () => {
    const h = await logged();
    expect((await h.call('alterDevAccessLogEntry', { path: { id: 2 } })).status).toBe(204);
    const verdict = await h.call('verifyAccessLog', { as: 'admin' });
    expect(verdict.json).toEqual({ valid: false, checked: 2, problem: { id: 2, kind: 'altered' } });
    expect((await h.call('alterDevAccessLogEntry', { path: { id: 99 } })).status).toBe(404);
  });

  test('a removed entry is named, the newest too', async () => {
    const h = await logged();
    h.state.db.accessLogEntry.delete({ where: { id: { equals: 3 } } });
    expect(verifyAccessLog(h.state).problem).toEqual({ id: 3, kind: 'missing' });

    const last = await logged();
    last.state.db.accessLogEntry.delete({ where: { id: { equals: 4 } } });
    expect(verifyAccessLog(last.state).problem).toEqual({ id: 4, kind: 'missing' });
  });

  test('entries swapped and rehashed to hide it are out of order', async () => {
    const h = await logged();
    const [, second, third] = stored(h);
    // Swapped by ids, each rehashed by the public hash function: the links no longer hold.
    for (const row of [second!, third!]) {
      h.state.db.accessLogEntry.delete({ where: { id: { equals: row.id } } });
    }
    for (const [row, id] of [
      [second!, 3],
      [third!, 2],
    ] as const) {
      const moved = { ...row, id };
      h.state.db.accessLogEntry.create({ ...moved, hash: entryHash(moved) });
    }
    expect(verifyAccessLog(h.state)).toMatchObject({
      valid: false,
      problem: { id: 2, kind: 'out-of-order' },
    });
  });
});
