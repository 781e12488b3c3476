/**
 * What the outside probe did to the dev server in dev mode (issue 52 item 3), against a server
 * process of its own on loopback, each bounded in count and time:
 * - big bodies: BENCH_BIG_POSTS (default 10,000) unauthenticated POSTs of a 1 MiB JSON body
 *   (each answered 401 and kept in the journal), 10 connections; the server's peak resident
 *   memory (target under 1 GB) and whether it still answers after;
 * - a path pattern of 300 characters (150 stars) against a 256-character path, matched by the
 *   journal's and the faults' matcher (target under 1 ms), and the journal read with it over
 *   HTTP;
 * - sandbox churn: GET /api/branches p95 alone, then while 4 clients (loopback addresses of
 *   their own) ask for new sandbox names as fast as they can for BENCH_CHURN_SECONDS (default 15)
 *   (target: within 3× the idle p95).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { pathGlob } from '../src/api/glob.ts';
import { startServer } from '../test/server-process.ts';

const BIG_POSTS = Number(process.env.BENCH_BIG_POSTS ?? 10_000);
const CHURN_SECONDS = Number(process.env.BENCH_CHURN_SECONDS ?? 15);

export interface AbuseFigures {
  bigPosts: { sent: number; statuses: Record<string, number>; peakRssMb: number; upAfter: boolean };
  /**
   * 1,000 matches (after 100 unmeasured): the median and the 99th percentile (which a busy
   * machine's pauses reach too), and the journal read with the pattern over HTTP.
   */
  pattern: {
    patternLength: number;
    pathLength: number;
    medianMs: number;
    p99Ms: number;
    httpMs: number;
  };
  churn: {
    idleP95: number;
    churnP95: number;
    ratio: number;
    namesAsked: number;
    namesMade: number;
    /** The p95 of a new sandbox's first answer (its laying included). */
    newSandboxP95: number;
  };
}

/** The process's resident memory now, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Answer {
  status: number;
  ms: number;
}

/** One GET (or POST) from a loopback address of its own, with optional headers. */
function call(
  origin: string,
  path: string,
  options: { localAddress?: string; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      {
        method: 'GET',
        localAddress: options.localAddress,
        agent: options.agent,
        headers: options.headers,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? Number.NaN;
};

async function branchesLatency(origin: string, until: () => boolean, least = 200) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  while (times.length < least || !until()) {
    times.push((await call(origin, '/api/branches', { agent })).ms);
    if (times.length >= least && until()) break;
  }
  agent.destroy();
  return p95(times);
}

async function bigPosts(origin: string, pid: number): Promise<AbuseFigures['bigPosts']> {
  const body = JSON.stringify({ note: 'x'.repeat(1024 * 1024 - 64) });
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: `${origin}/api/reservations`,
    method: 'POST',
    connections: 10,
    amount: BIG_POSTS,
    timeout: 30,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body,
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  for (const [status, count] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = (count as { count: number }).count;
  const after = await call(origin, '/api/branches').catch(() => ({ status: 0, ms: 0 }));
  return {
    sent: result.requests.sent,
    statuses,
    peakRssMb: Math.round(peak),
    upAfter: after.status === 200,
  };
}

async function pattern(origin: string): Promise<AbuseFigures['pattern']> {
  const glob = '*a'.repeat(150);
  const path = `/api/${'a'.repeat(250)}b`;
  // Compiled functions, as in a server that has run a while: the first 100 are not counted.
  for (let i = 0; i < 100; i++) pathGlob(glob).test(path);
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    pathGlob(glob).test(path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const medianMs = times[500] ?? Number.NaN;
  const p99Ms = times[990] ?? Number.NaN;
  const http = await call(origin, `/api/dev/journal?path=${encodeURIComponent(`/api/${glob}`)}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  return { patternLength: glob.length, pathLength: path.length, medianMs, p99Ms, httpMs: http.ms };
}

async function churn(origin: string): Promise<AbuseFigures['churn']> {
  const idleP95 = await branchesLatency(origin, () => true, 300);
  let asked = 0;
  let made = 0;
  const newTimes: number[] = [];
  const end = Date.now() + CHURN_SECONDS * 1000;
  const clients = [2, 3, 4, 5].map(async (n) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; Date.now() < end; i++) {
      asked += 1;
      const answer = await call(origin, '/api/dev/clock', {
        localAddress: `127.0.0.${n}`,
        agent,
        headers: { 'x-dev-sandbox': `churn-${n}-${i}` },
      });
      if (answer.status === 200) {
        made += 1;
        newTimes.push(answer.ms);
      }
    }
    agent.destroy();
  });
  const churnP95 = await branchesLatency(origin, () => Date.now() >= end);
  await Promise.all(clients);
  return {
    idleP95,
    churnP95,
    ratio: churnP95 / idleP95,
    namesAsked: asked,
    namesMade: made,
    newSandboxP95: p95(newTimes),
  };
}

export async function abuseFigures(): Promise<AbuseFigures> {
  const { child, origin } = await startServer(undefined, ['--host', '127.0.0.1']);
  try {
    const pid = child.pid!;
    return {
      pattern: await pattern(origin),
      churn: await churn(origin),
      bigPosts: await bigPosts(origin, pid),
    };
  } finally {
    child.kill('SIGKILL');
  }
}
