import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp, createSeededState } from '@portal/devserver/http';
import { runConformance, toHtml, toMarkdownSummary } from '../src/index.ts';

/**
 * `pnpm --filter @portal/conformance sample`: the README's sample reports, from a run against a
 * dev server broken on purpose (a 500 on `getConfig`, a patient allowed to list the patients),
 * with every test user and a fixed seed: docs/samples/conformance-report.html and
 * conformance-summary.md.
 */
const ERROR = { UserMessage: 'Broken on purpose.', Code: 'server-error' };
const app = await buildApp({
  webRoot: null,
  state: createSeededState({ now: new Date('2026-11-23T10:00:00+02:00') }),
});
app.addHook('preHandler', async (request, reply) => {
  if (request.url === '/api/config') await reply.code(500).send(ERROR);
});
app.addHook('onSend', async (request, reply, payload) => {
  if (request.url.split('?')[0] === '/api/admin/patients' && reply.statusCode === 403) {
    reply.code(200);
    return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
  }
  return payload;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
try {
  const report = await runConformance({
    baseUrl: `http://127.0.0.1:${port}`,
    loginAs: ['patient', 'admin', 'content-manager', 'first-login'],
    seed: 1,
  });
  const samples = new URL('../../../docs/samples/', import.meta.url);
  await writeFile(new URL('conformance-report.html', samples), toHtml(report));
  await writeFile(new URL('conformance-summary.md', samples), toMarkdownSummary(report));
  console.info(
    `wrote the samples in ${fileURLToPath(samples)}: ${report.totals.failed} failed checks`,
  );
} finally {
  await app.close();
}
