import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  formatTable,
  invariantResults,
  toHtml,
  toJUnit,
  toMarkdown,
  toMarkdownSummary,
  writeReports,
  type Report,
} from '../src/index.ts';
import { check, failures, failed } from './checker.ts';
import { start } from './harness.ts';

// A server that stops answering mid-run ends the run with one failure, the checks after it listed
// as not run, in every report; a server that answers, however badly, or stalls on one path, does
// not.

/** How many requests the server answers before it goes away. */
const ANSWERED = 300;

describe('a server that stops answering mid-run', () => {
  let report: Report;

  test('ends the run with one failure, "the server stopped answering at check N", and the rest not run', async () => {
    let requests = 0;
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        requests += 1;
        if (requests <= ANSWERED) return;
        // Gone: this connection reset, no new one taken (connection refused).
        if (app.server.listening) app.server.close();
        app.server.closeAllConnections();
        request.raw.socket.destroy();
      }),
    );
    report = await check(baseUrl, { maxExamples: 1 });
    const { stopped } = report;
    expect(stopped?.error).toMatch(/request failed/);
    expect(stopped?.atCheck).toBeGreaterThan(1);
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(false);
    const all = report.operations.flatMap((o) => o.checks);
    const notRun = all.filter(
      (c) => c.message === `not run: the server stopped answering at check ${stopped?.atCheck}`,
    );
    expect(notRun.length).toBe(stopped?.notRun);
    expect(notRun.length).toBeGreaterThan(500);
    expect(notRun.every((c) => c.outcome === 'skipped')).toBe(true);
    // It stopped among the probes, before the flows: no invariant ran, none is said to be skipped.
    expect(new Set(invariantResults(report).map((i) => i.outcome))).toEqual(new Set(['not run']));
    // The requests that went unanswered in a row, the last asking whether it was still there.
    expect(stopped?.exchanges.map((e) => e.status)).toEqual(
      Array(stopped?.exchanges.length).fill(null),
    );
    expect(stopped?.exchanges.at(-1)?.label).toBe('is the server still there');
    // Nothing was sent after it: the server's count stands at the unanswered ones.
    expect(requests).toBeLessThan(ANSWERED + 10);
  }, 120_000);

  test('every report says so: the table, the Markdown report and summary, HTML, JUnit and the data', async () => {
    const stopped = report.stopped;
    if (!stopped) throw new Error('the run did not stop');
    const where = `the server stopped answering at check ${stopped.atCheck}`;
    expect(formatTable(report)).toContain(`STOPPED: ${where}`);
    expect(formatTable(report)).toMatch(
      new RegExp(
        `RESULT: ${where} \\(.+\\): ${stopped.notRun} checks not run; \\d+ of \\d+ checks skipped`,
      ),
    );
    expect(toMarkdown(report)).toContain('## The server stopped answering');
    expect(toMarkdown(report)).toContain(`- Result: **${where}`);
    expect(toMarkdownSummary(report)).toMatch(new RegExp(`^### Contract conformance: ❌ ${where}`));
    expect(toHtml(report)).toContain('<h3>The server stopped answering</h3>');
    const junit = toJUnit(report);
    expect(junit).toMatch(/<testsuites [^>]* failures="1" /);
    expect(junit).toContain(
      '<testcase classname="conformance.run" name="the server answers to the end of the run"',
    );
    expect(junit).toContain(`<skipped message="not run: ${where}"/>`);
    const out = mkdtempSync(join(tmpdir(), 'conformance-stopped-'));
    const files = await writeReports(report, out);
    const data = JSON.parse(readFileSync(files.json, 'utf8')) as Report;
    expect(data.stopped).toEqual(stopped);
  });

  test("a path that stalls is that path's failures: the server still answers, and the run goes on", async () => {
    const baseUrl = await start((app) => {
      app.addHook('onRequest', async (request) => {
        // No answer ever: the checker's timeout ends each request.
        if (request.url.startsWith('/api/branches')) await new Promise(() => undefined);
      });
      // The stalled requests never end: their connections are closed with the server.
      app.addHook('preClose', async () => app.server.closeAllConnections());
    });
    const stalled = await check(baseUrl, {
      operations: ['listBranches', 'getConfig'],
      loginAs: [],
      timeoutMs: 300,
      maxExamples: 0,
    });
    expect(stalled.stopped).toBeUndefined();
    expect(failed(stalled, 'listBranches', 'answers a valid request with 2xx')).toMatch(
      /no answer within 300 ms/,
    );
    expect(stalled.operations.find((o) => o.operationId === 'getConfig')?.failed).toBe(0);
  }, 60_000);
});
