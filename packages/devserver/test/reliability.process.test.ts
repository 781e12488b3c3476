import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startServer, stopServers } from './server-process.ts';

afterEach(stopServers);

const LOAD_MS = Number(process.env.RELIABILITY_LOAD_MS ?? 6000);
const USERS = ['patient', 'survey', 'admin', 'content-manager'] as const;

interface Reservation {
  id: number;
  status: string;
  startTime: string;
  endTime: string;
  employee: { id: number } | null;
}

const customer = {
  firstName: 'Testi',
  lastName: 'Kuormittaja',
  email: 'kuorma@example.fi',
  phone: '040 123 4567',
  ssn: null,
  street: 'Kuormatie 1',
  postalCode: '00100',
  city: 'Helsinki',
};

test('a sustained mixed load with persistence leaves a consistent state that survives SIGKILL', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-load-')), 'state.json');
  const { child, origin } = await startServer(file);
  const api = async (token: string | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(origin + path, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json().catch(() => null)) as any };
  };
  const tokens = await Promise.all(
    USERS.map(
      async (user) =>
        (await api(null, 'POST', '/api/dev/session', { user })).json.access_token as string,
    ),
  );
  const branches = [1, 2, 3, 4];
  const dates = Array.from({ length: 10 }, (_, i) =>
    new Date(Date.now() + (i + 3) * 86_400_000).toISOString().slice(0, 10),
  );

  /** Last acknowledged status of every reservation a worker touched. */
  const acknowledged = new Map<number, string>();
  const counts = { created: 0, conflicts: 0, moved: 0, cancelled: 0, reads: 0, errors: 0 };
  const deadline = Date.now() + LOAD_MS;
  let round = 0;

  const worker = async (index: number) => {
    const token = tokens[index % tokens.length]!;
    while (Date.now() < deadline) {
      round += 1;
      // Workers aim at the same day and its first free slot at the same time, to collide.
      const date = dates[Math.floor(Date.now() / 500) % dates.length]!;
      const query = `branchIds=${branches.join(',')}&reasonId=1&customerType=private&date=${date}`;
      const day = await api(null, 'GET', `/api/availability/day?${query}`);
      counts.reads += 1;
      const slots = (day.json?.slots ?? []) as { key: string }[];
      if (slots.length < 2) continue;
      const slot = slots[0]!;
      const created = await api(token, 'POST', '/api/reservations', {
        slotKey: slot.key,
        customerType: 'private',
        customer,
        // Every worker books check-ups again and again: a load test, not the duplicate rule.
        allowDuplicate: true,
      });
      if (created.status === 201) {
        counts.created += 1;
        acknowledged.set(created.json.id, created.json.status);
        const id = created.json.id as number;
        if (round % 3 === 0) {
          const target = slots[slots.length - 1]!;
          const moved = await api(token, 'POST', `/api/reservations/${id}/move`, {
            slotKey: target.key,
          });
          if (moved.status === 200) {
            counts.moved += 1;
            acknowledged.set(id, moved.json.status);
          } else if (moved.status >= 500) counts.errors += 1;
        } else if (round % 3 === 1) {
          const cancelled = await api(token, 'POST', `/api/reservations/${id}/cancel`);
          if (cancelled.status === 200) {
            counts.cancelled += 1;
            acknowledged.set(id, cancelled.json.status);
          } else counts.errors += 1;
        }
      } else if (created.status === 409) counts.conflicts += 1;
      else counts.errors += 1;
      await api(token, 'GET', '/api/reservations?group=future');
      counts.reads += 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
  child.kill('SIGKILL');
  console.info(`mixed load for ${LOAD_MS} ms with 8 clients:`, JSON.stringify(counts));

  expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
  const restarted = await startServer(file);
  const after = async (token: string, group: string) => {
    const response = await fetch(`${restarted.origin}/api/reservations?group=${group}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as Reservation[];
  };
  const all = new Map<number, Reservation>();
  for (const token of tokens) {
    for (const group of ['future', 'past', 'tentative'])
      for (const r of await after(token, group)) all.set(r.id, r);
  }

  expect(counts.errors).toBe(0);
  expect(counts.created).toBeGreaterThan(10);
  expect(counts.conflicts).toBeGreaterThan(0);
  // Every acknowledged write is there after the restart, with its last acknowledged status.
  const lost = [...acknowledged].filter(([id, status]) => all.get(id)?.status !== status);
  expect(lost).toEqual([]);
  // No practitioner has two active reservations at overlapping times.
  const active = [...all.values()].filter(
    (r) => r.status === 'confirmed' || r.status === 'tentative',
  );
  const clashes = active.flatMap((a) =>
    active.filter(
      (b) =>
        a.id < b.id &&
        a.employee?.id === b.employee?.id &&
        Date.parse(a.startTime) < Date.parse(b.endTime) &&
        Date.parse(b.startTime) < Date.parse(a.endTime),
    ),
  );
  expect(clashes).toEqual([]);
}, 120_000);
