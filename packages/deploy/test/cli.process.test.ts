import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { API, fakeBuild } from './fake-build.ts';

// The command as a deploying team runs it, in a process of its own (the `processes` project).
describe('pnpm deploy:nginx', () => {
  test('a missing option is a usage error that says which', async () => {
    const cli = new URL('../src/cli.ts', import.meta.url).pathname;
    const run = promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      'nginx',
      '--out',
      '/tmp/x',
      '--api',
      API,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--listen is required'),
    });
  });

  /** A stand-in API answering every request with `x-dev-mode` as given. */
  async function fakeApi(devMode: boolean): Promise<{ url: string; close: () => void }> {
    const server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'x-dev-mode': String(devMode),
      });
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  const deploy = async (api: string, ...extra: string[]) => {
    const cli = new URL('../src/cli.ts', import.meta.url).pathname;
    const out = await mkdtemp(join(tmpdir(), 'portal-deploy-'));
    const webRoot = await fakeBuild();
    return {
      out,
      run: promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          'nginx',
          '--out',
          out,
          '--listen',
          '127.0.0.1:8080',
          '--api',
          api,
          '--web-root',
          webRoot,
          ...extra,
        ],
        { env: { ...process.env, DEPLOY_API_WAIT_MS: '0' } },
      ),
    };
  };

  test('an API in dev mode is refused, saying what the site would publish, unless --allow-dev-api', async () => {
    const api = await fakeApi(true);
    try {
      const refused = await deploy(api.url);
      await expect(refused.run).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(
          /runs in dev mode\. In front of it, this site would publish its QA controls \(\/api\/dev\/\*/,
        ),
      });
      expect(existsSync(join(refused.out, 'nginx.conf'))).toBe(false);

      const allowed = await deploy(api.url, '--allow-dev-api');
      const { stdout } = await allowed.run;
      expect(stdout).toContain(
        'Dev-mode API (--allow-dev-api): this site publishes its QA controls',
      );
      expect(existsSync(join(allowed.out, 'nginx.conf'))).toBe(true);
    } finally {
      api.close();
    }
  });

  test('an API without dev mode is fronted; one that does not answer is, with a word of warning', async () => {
    const api = await fakeApi(false);
    try {
      const { stdout } = await (await deploy(api.url)).run;
      expect(stdout).toContain('The API runs without dev mode.');
    } finally {
      api.close();
    }
    const { stdout } = await (await deploy('http://127.0.0.1:9')).run;
    expect(stdout).toContain('The API did not answer: if it runs in dev mode, this site publishes');
  });
});
