/**
 * Dev server performance figures (loopback only, bounded durations):
 * - month availability latency (p50/p95) over HTTP for every branch of the largest city and for
 *   one practitioner; target p95 < 20 ms;
 * - requests per second of GET /api/branches beside a bare Fastify route returning the same JSON
 *   in the same run; target ratio >= 0.8.
 * Run: `pnpm bench` at the repository root. Writes reports/bench/devserver.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/http/app.ts';
import { createState } from '../src/core/state.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const reportDir = fileURLToPath(new URL('../../../reports/bench/', import.meta.url));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function latency(
  origin: string,
  paths: string[],
): Promise<{ p50: number; p95: number; calls: number }> {
  for (const path of paths.slice(0, 3)) await fetch(origin + path); // warm-up
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const path = paths[i % paths.length]!;
    const start = performance.now();
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls: CALLS };
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const state = createState();
const app = await buildApp({ state, webRoot: null });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

const branches = (await (await fetch(`${origin}/api/branches`)).json()) as {
  Id: number;
  Enabled: boolean;
  Address: { City: string };
}[];
const byCity = new Map<string, number[]>();
for (const b of branches.filter((b) => b.Enabled))
  byCity.set(b.Address.City, [...(byCity.get(b.Address.City) ?? []), b.Id]);
const [largestCity, cityBranches] = [...byCity.entries()].sort(
  (a, b) => b[1].length - a[1].length,
)[0]!;
const reasons = (await (await fetch(`${origin}/api/reasons?customerType=private`)).json()) as {
  id: number;
}[];
const reasonId = reasons[0]!.id;
const employees = (await (await fetch(`${origin}/api/employees`)).json()) as {
  Id: number;
  Enabled: boolean;
  Branches: number[];
}[];
const practitioner = employees.find(
  (e) => e.Enabled && e.Branches.some((id) => cityBranches.includes(id)),
)!;

const now = state.clock.now();
const months = [0, 1, 2].map((offset) => {
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
});
const cityPaths = months.map(
  (month) =>
    `/api/availability/month?branchIds=${cityBranches.join(',')}&reasonId=${reasonId}&customerType=private&month=${month}`,
);
const practitionerPaths = months.map(
  (month) =>
    `/api/availability/month?branchIds=${practitioner.Branches.join(',')}&reasonId=${reasonId}&employeeId=${practitioner.Id}&customerType=private&month=${month}`,
);

const cityLatency = await latency(origin, cityPaths);
const practitionerLatency = await latency(origin, practitionerPaths);

const bare = Fastify();
const branchesJson = (await (await fetch(`${origin}/api/branches`)).json()) as unknown;
bare.get('/api/branches', async () => branchesJson);
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
const devRps = await throughput(`${origin}/api/branches`);
const bareRps = await throughput(`${bareOrigin}/api/branches`);
await bare.close();
await app.close();

const figures = {
  date: new Date().toISOString(),
  availability: {
    city: { name: largestCity, branches: cityBranches.length, ...cityLatency },
    practitioner: { id: practitioner.Id, ...practitionerLatency },
    targetP95Ms: 20,
  },
  branchesThroughput: {
    devServerRps: devRps,
    bareFastifyRps: bareRps,
    ratio: devRps / bareRps,
    targetRatio: 0.8,
  },
};
mkdirSync(reportDir, { recursive: true });
writeFileSync(`${reportDir}/devserver.json`, `${JSON.stringify(figures, null, 2)}\n`);

const ms = (n: number) => `${n.toFixed(2)} ms`;
const ok = (pass: boolean) => (pass ? 'meets target' : 'MISSES target');
console.info('\nDev server benchmark (loopback, seed data)');
console.info('| measure | p50 | p95 | target |');
console.info('|---|---|---|---|');
console.info(
  `| month availability, ${largestCity} (${cityBranches.length} branches), ${CALLS} calls | ${ms(cityLatency.p50)} | ${ms(cityLatency.p95)} | p95 < 20 ms: ${ok(cityLatency.p95 < 20)} |`,
);
console.info(
  `| month availability, one practitioner, ${CALLS} calls | ${ms(practitionerLatency.p50)} | ${ms(practitionerLatency.p95)} | p95 < 20 ms: ${ok(practitionerLatency.p95 < 20)} |`,
);
console.info('\n| GET /api/branches, 10 connections, ' + `${DURATION_S} s | requests/s |`);
console.info('|---|---|');
console.info(`| dev server | ${devRps.toFixed(0)} |`);
console.info(`| bare Fastify route, same JSON | ${bareRps.toFixed(0)} |`);
console.info(
  `| ratio | ${(devRps / bareRps).toFixed(2)} (target >= 0.8: ${ok(devRps / bareRps >= 0.8)}) |`,
);
