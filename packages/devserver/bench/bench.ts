/**
 * Dev server performance figures (loopback only, bounded durations), printed as tables and saved
 * to reports/bench/devserver.json:
 * - month availability latency (p50/p95, over HTTP) for every branch of the largest city and for
 *   one practitioner, with the seed as shipped and scaled 10× (target p95 < 20 ms at both): cold
 *   (every query asked for the first time, computed) and as the calendar asks (three months in
 *   turn: the answers are cached until a write);
 * - requests per second on three calls the portal makes on every page: the dev server beside a
 *   bare Fastify route returning the same JSON (targets: GET /api/branches at least 0.9×, GET
 *   /api/me at least 0.6×, month availability at least 0.5×), and Stoplight Prism mocking the same
 *   contract, the reference a backend team would otherwise use.
 * - the outside probe's hostile bodies: their answers, and GET /api/branches latency while ten of
 *   them a second arrive (bench/hostile-bodies.ts).
 * - first available times (`getFirstFreeTimes`, one request per booking step: every clinic and
 *   practitioner of a reason) with both seeds (target p95 < 20 ms, issue 32): cold (every reason,
 *   alone, at the city's branches and for one practitioner, each asked once) and as the steps ask.
 * - the outside probe's hold attack (bench/hold-attack.ts): 30 addresses at every documented
 *   limit for 10 minutes hide at most 5 % of a clinic's, and of the chain's, free times of the
 *   coming week (issue 52), and a patient still books.
 * - what the access log costs a staff read (bench/access-log-cost.ts, issue 57): an admin's read
 *   of a record and a search of 20, with the log off, empty and at its byte bound.
 * - what QA must not be able to do to the dev server (bench/dev-server-abuse.ts): 10,000 1 MiB
 *   POSTs (peak memory under 1 GB), a 300-character pattern (under 1 ms), sandbox churn (branches
 *   p95 within 3× its idle p95).
 * Run `pnpm bench` at the repository root. BENCH_SECONDS (default 5) and BENCH_CALLS (default 300).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createSeededState } from '../src/core/seed.ts';
import { buildApp } from '../src/http/app.ts';
import { accessLogCostFigures } from './access-log-cost.ts';
import { abuseFigures } from './dev-server-abuse.ts';
import { holdAttackFigures } from './hold-attack.ts';
import { hostileBodyFigures } from './hostile-bodies.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const reportDir = `${root}reports/bench/`;

interface Latency {
  p50: number;
  p95: number;
  calls: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Sequential calls cycling through the paths (three months: the first call of each is cold). */
async function latency(origin: string, paths: string[], calls = CALLS): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const path = paths[i % paths.length]!;
    const start = performance.now();
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls };
}

async function throughput(url: string, token?: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: DURATION_S,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function startDevServer(scale: number) {
  const state = createSeededState({ scale });
  const app = await buildApp({ state, webRoot: null });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, state, origin };
}

function months(now: Date): string[] {
  return [0, 1, 2].map((offset) => {
    const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

async function availabilityFigures(scale: number) {
  const { app, state, origin } = await startDevServer(scale);
  const branches = await getJson<{ Id: number; Enabled: boolean; Address: { City: string } }[]>(
    `${origin}/api/branches`,
  );
  const byCity = new Map<string, number[]>();
  for (const b of branches.filter((x) => x.Enabled))
    byCity.set(b.Address.City, [...(byCity.get(b.Address.City) ?? []), b.Id]);
  const [city, cityBranches] = [...byCity.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const employees = await getJson<{ Id: number; Enabled: boolean; Branches: number[] }[]>(
    `${origin}/api/employees`,
  );
  const practitioner = employees.find(
    (e) => e.Enabled && e.Branches.some((id) => cityBranches.includes(id)),
  )!;
  const query = (extra: string) =>
    months(state.clock.now()).map(
      (month) => `/api/availability/month?reasonId=1&customerType=private&month=${month}&${extra}`,
    );
  // Cold: each query once (every month of a year, each branch of the city and all of them).
  const coldQueries: string[] = [];
  const start = state.clock.now();
  for (let offset = 0; offset < 12; offset++) {
    const d = new Date(start.getFullYear(), start.getMonth() + offset, 1);
    const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    for (const ids of [cityBranches, ...cityBranches.map((id) => [id])]) {
      coldQueries.push(
        `/api/availability/month?reasonId=1&customerType=private&month=${month}&branchIds=${ids.join(',')}`,
      );
    }
  }
  // First available times: every reason a private customer can book, as the clinic step (alone,
  // and with a practitioner chosen first) and the practitioner step (at the city's branches) ask.
  const reasons = await getJson<{ id: number }[]>(`${origin}/api/reasons?customerType=private`);
  const firstFreeQueries = reasons.flatMap(({ id }) =>
    ['', `&employeeId=${practitioner.Id}`, `&branchIds=${cityBranches.join(',')}`].map(
      (extra) => `/api/availability/first-free?reasonId=${id}&customerType=private${extra}`,
    ),
  );
  const firstFreeCold = await latency(origin, firstFreeQueries, firstFreeQueries.length);
  const result = {
    scale,
    employees: employees.length,
    city,
    cityBranches: cityBranches.length,
    coldMonth: await latency(origin, coldQueries, coldQueries.length),
    cityMonth: await latency(origin, query(`branchIds=${cityBranches.join(',')}`)),
    practitionerMonth: await latency(
      origin,
      query(`branchIds=${practitioner.Branches.join(',')}&employeeId=${practitioner.Id}`),
    ),
    cityPath: query(`branchIds=${cityBranches.join(',')}`)[0]!,
    firstFreeCold,
    firstFreeSteps: await latency(origin, firstFreeQueries.slice(0, 3)),
  };
  await app.close();
  return result;
}

async function startPrism(): Promise<{ origin: string; stop: () => void }> {
  const port = 4000 + Math.floor(Math.random() * 900);
  const child = spawn(
    `${root}packages/devserver/node_modules/.bin/prism`,
    [
      'mock',
      `${root}openapi/portal.yaml`,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '--errors',
      'false',
    ],
    {
      // Prism logs every request; an unread pipe would fill and stall it.
      stdio: 'ignore',
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  let exited: string | null = null;
  child.on('exit', (code) => (exited = `exited with ${code}`));
  child.on('error', (error) => (exited = error.message));
  for (let i = 0; i < 120 && !exited; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      await fetch(`${origin}/api/branches`);
      return { origin, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL');
  throw new Error(`Prism did not start: ${exited ?? 'no answer in 60 s'}`);
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const verdict = (pass: boolean) => (pass ? 'meets' : 'MISSES');

const availability = [await availabilityFigures(1), await availabilityFigures(10)];
const hostile = await hostileBodyFigures(DURATION_S);
const holdAttack = holdAttackFigures();
const abuse = await abuseFigures();
const accessLog = await accessLogCostFigures();

// Throughput: three representative calls on the dev server, a bare route with the same JSON, Prism.
const { app, origin } = await startDevServer(1);
const token = (
  (await (
    await fetch(`${origin}/api/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"patient"}',
    })
  ).json()) as { access_token: string }
).access_token;
const calls = [
  { name: 'GET /api/branches', path: '/api/branches', token: undefined },
  { name: 'GET /api/availability/month (city)', path: availability[0]!.cityPath, token: undefined },
  { name: 'GET /api/me (signed in)', path: '/api/me', token },
];
const bare = Fastify();
for (const call of calls) {
  const body = await getJson<unknown>(origin + call.path, call.token);
  bare.get(call.path.split('?')[0]!, async () => body);
}
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
const prism = await startPrism();
const rows = [];
for (const call of calls) {
  const devRps = await throughput(origin + call.path, call.token);
  const bareRps = await throughput(bareOrigin + call.path, call.token);
  const prismRps = await throughput(prism.origin + call.path, call.token ?? 'bench');
  rows.push({ call: call.name, devRps, bareRps, prismRps, ratio: devRps / bareRps });
}
prism.stop();
await bare.close();
await app.close();

const figures = {
  date: new Date().toISOString(),
  durationSeconds: DURATION_S,
  availability,
  hostile,
  holdAttack,
  abuse,
  accessLog,
  throughput: rows,
};
mkdirSync(reportDir, { recursive: true });
writeFileSync(`${reportDir}devserver.json`, `${JSON.stringify(figures, null, 2)}\n`);

console.info(
  '\nMonth availability over HTTP (loopback; three months in turn, first call of each cold)',
);
console.info('| seed | practitioners | query | p50 | p95 | target p95 < 20 ms |');
console.info('|---|---|---|---|---|---|');
for (const a of availability) {
  console.info(
    `| ${a.scale}× | ${a.employees} | cold: ${a.coldMonth.calls} different queries, ${a.city} | ${ms(a.coldMonth.p50)} | ${ms(a.coldMonth.p95)} | ${verdict(a.coldMonth.p95 < 20)} |`,
  );
  console.info(
    `| ${a.scale}× | ${a.employees} | ${a.city}, ${a.cityBranches} branches | ${ms(a.cityMonth.p50)} | ${ms(a.cityMonth.p95)} | ${verdict(a.cityMonth.p95 < 20)} |`,
  );
  console.info(
    `| ${a.scale}× | ${a.employees} | one practitioner | ${ms(a.practitionerMonth.p50)} | ${ms(a.practitionerMonth.p95)} | ${verdict(a.practitionerMonth.p95 < 20)} |`,
  );
}
console.info(
  '\nFirst available times of every clinic and practitioner (GET /api/availability/first-free)',
);
console.info('| seed | practitioners | query | p50 | p95 | target p95 < 20 ms |');
console.info('|---|---|---|---|---|---|');
for (const a of availability) {
  console.info(
    `| ${a.scale}× | ${a.employees} | cold: ${a.firstFreeCold.calls} different queries (every reason; alone, one practitioner, ${a.city}) | ${ms(a.firstFreeCold.p50)} | ${ms(a.firstFreeCold.p95)} | ${verdict(a.firstFreeCold.p95 < 20)} |`,
  );
  console.info(
    `| ${a.scale}× | ${a.employees} | a check-up's three steps in turn | ${ms(a.firstFreeSteps.p50)} | ${ms(a.firstFreeSteps.p95)} | ${verdict(a.firstFreeSteps.p95 < 20)} |`,
  );
}
console.info('\nHostile bodies of the outside probe (each sent 20 times)');
console.info('| body | in | status | out | p95 | target: 400, < 4 kB, < 100 ms |');
console.info('|---|---|---|---|---|---|');
for (const a of hostile.answers) {
  const pass = a.status === 400 && a.bytesOut < 4096 && a.p95Ms < 100;
  console.info(
    `| ${a.name} | ${(a.bytesIn / 1000).toFixed(0)} kB | ${a.status} | ${a.bytesOut} B | ${ms(a.p95Ms)} | ${verdict(pass)} |`,
  );
}
const attack = hostile.branchesUnderAttack;
console.info(
  `\nGET /api/branches while 10 hostile bodies a second arrive (${attack.hostileSent} sent, ${attack.calls} reads): p50 ${ms(attack.p50)}, p95 ${ms(attack.p95)}, target p95 < 50 ms: ${verdict(attack.p95 < 50)}`,
);
console.info(
  '\nThe hold attack: 30 addresses, each at every limit (60 holds a minute, a new holder each) for 10 minutes',
);
console.info(
  '| target | holds tried | made | free times, coming 7 days | hidden at the worst minute | share | a patient holds / books | target: ≤ 5 %, books |',
);
console.info('|---|---|---|---|---|---|---|---|');
for (const a of holdAttack) {
  console.info(
    `| ${a.target} | ${a.holdsTried} | ${a.holdsMade} | ${a.freeTimes} | ${a.worstHidden} | ${(a.worstShare * 100).toFixed(1)} % | ${a.patientHeld ? 'yes' : 'no'} / ${a.patientBooks ? 'yes' : 'no'} | ${verdict(a.worstShare <= 0.05 && a.patientBooks)} |`,
  );
}
const { bigPosts, pattern, churn } = abuse;
console.info(
  '\nWhat QA must not be able to do to the dev server (dev mode, a server process of its own)',
);
console.info('| probe | figure | target | verdict |');
console.info('|---|---|---|---|');
console.info(
  `| ${bigPosts.sent} unauthenticated 1 MiB POSTs (${Object.entries(bigPosts.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(
      ', ',
    )}) | peak RSS ${bigPosts.peakRssMb} MB, ${bigPosts.upAfter ? 'up after' : 'DOWN after'} | under 1,024 MB, up | ${verdict(bigPosts.peakRssMb < 1024 && bigPosts.upAfter)} |`,
);
console.info(
  `| a ${pattern.patternLength}-character pattern (150 stars) against a ${pattern.pathLength}-character path | a match: ${ms(pattern.medianMs)} median, ${ms(pattern.p99Ms)} p99 of 1,000; the journal read with it over HTTP: ${ms(pattern.httpMs)} | under 1 ms | ${verdict(pattern.medianMs < 1)} |`,
);
console.info(
  `| 4 clients asking for new sandbox names for ${process.env.BENCH_CHURN_SECONDS ?? 15} s (${churn.namesAsked} asked, ${churn.namesMade} made, a new one answered in ${ms(churn.newSandboxP95)} p95) | GET /api/branches p95 ${ms(churn.churnP95)} against ${ms(churn.idleP95)} idle: ${churn.ratio.toFixed(2)}× | within 3× | ${verdict(churn.ratio <= 3)} |`,
);
console.info(
  '\nWhat the access log costs a staff read (issue 57; sequential calls over the loopback)',
);
console.info('| log | entries | read a record p50 / p95 | search of 20 p50 / p95 |');
console.info('|---|---|---|---|');
for (const a of accessLog) {
  console.info(
    `| ${a.log} | ${a.entries} | ${ms(a.readP50)} / ${ms(a.readP95)} | ${ms(a.searchP50)} / ${ms(a.searchP95)} |`,
  );
}
console.info(`\nRequests per second (10 connections, ${DURATION_S} s each)`);
console.info('| call | dev server | bare Fastify, same JSON | dev / bare | Prism mock |');
console.info('|---|---|---|---|---|');
for (const r of rows) {
  console.info(
    `| ${r.call} | ${r.devRps.toFixed(0)} | ${r.bareRps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.prismRps.toFixed(0)} |`,
  );
}
const targets = [
  { call: 'GET /api/branches', at: 0, least: 0.9 },
  { call: 'month availability', at: 1, least: 0.5 },
  { call: 'GET /api/me', at: 2, least: 0.6 },
];
console.info('\n| call | dev / bare | target | verdict |');
console.info('|---|---|---|---|');
for (const target of targets) {
  const ratio = rows[target.at]!.ratio;
  console.info(
    `| ${target.call} | ${ratio.toFixed(2)} | at least ${target.least} | ${verdict(ratio >= target.least)} |`,
  );
}
console.info(`Saved ${reportDir}devserver.json`);
