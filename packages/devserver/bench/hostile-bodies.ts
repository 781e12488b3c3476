/**
 * The outside probe's two hostile bodies (issue 33, items 1 and 2) against a dev server on
 * loopback: each one's answer (status, size, time), and GET /api/branches latency while ten of
 * them a second arrive (targets: each answered 400 under 4 kB in under 100 ms; branches p95 under
 * 50 ms meanwhile). The code checks' per-address rate limit is lifted for the run, as if the
 * bodies came from many addresses.
 */
import { buildApp } from '../src/http/app.ts';

export const HOSTILE_REQUESTS = [
  {
    name: 'nested control characters → POST /api/campaign-codes/check',
    path: '/api/campaign-codes/check',
    body: `${'['.repeat(1500)}[${Array(30_000).fill('"\\b"').join(',')}]${']'.repeat(1500)}`,
  },
  {
    name: 'nesting 5,000 deep → POST /api/vouchers/check',
    path: '/api/vouchers/check',
    body: `${'['.repeat(5000)}1${']'.repeat(5000)}`,
  },
];

export interface HostileFigures {
  answers: { name: string; bytesIn: number; status: number; bytesOut: number; p95Ms: number }[];
  branchesUnderAttack: { p50: number; p95: number; calls: number; hostileSent: number };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function post(origin: string, path: string, body: string) {
  const start = performance.now();
  const response = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, bytes, ms: performance.now() - start };
}

export async function hostileBodyFigures(seconds: number): Promise<HostileFigures> {
  const app = await buildApp({ webRoot: null, codeCheckRateLimit: 1_000_000 });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const answers = [];
    for (const request of HOSTILE_REQUESTS) {
      const times: number[] = [];
      let last = { status: 0, bytes: 0, ms: 0 };
      for (let i = 0; i < 20; i++) {
        last = await post(origin, request.path, request.body);
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      answers.push({
        name: request.name,
        bytesIn: request.body.length,
        status: last.status,
        bytesOut: last.bytes,
        p95Ms: percentile(times, 95),
      });
    }

    // Ten hostile bodies a second, each sent on its own tick, while branches are read in turn.
    const deadline = performance.now() + seconds * 1000;
    let hostileSent = 0;
    const inFlight = new Set<Promise<unknown>>();
    const timer = setInterval(() => {
      const request = HOSTILE_REQUESTS[hostileSent++ % HOSTILE_REQUESTS.length]!;
      const sent = post(origin, request.path, request.body).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }, 100);
    const times: number[] = [];
    while (performance.now() < deadline) {
      const start = performance.now();
      const response = await fetch(`${origin}/api/branches`);
      await response.arrayBuffer();
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    clearInterval(timer);
    await Promise.all(inFlight);
    times.sort((a, b) => a - b);
    return {
      answers,
      branchesUnderAttack: {
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        calls: times.length,
        hostileSent,
      },
    };
  } finally {
    await app.close();
  }
}
