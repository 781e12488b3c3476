import { describe, expect, test } from 'vitest';
import {
  ANSWER_CHECKS,
  COUPON_FLOW_OPERATIONS,
  commonFailures,
  toMarkdown,
  toMarkdownSummary,
} from '../src/index.ts';
import { check, checkBroken, curlStatus, ERROR, failed, operation } from './checker.ts';
import { start, tokenEnv } from './harness.ts';

// Broken variants of the dev server that break the contract (a status, a header, a body, a role
// check): the checker reports each, and a failure's curl command gives the same answer again.

describe('the conformance checker finds a broken server', () => {
  test('reports a response body field of the wrong type (listBranches Id as a string)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url !== '/api/branches' || typeof payload !== 'string') return payload;
        const branches = JSON.parse(payload) as { Id: number }[];
        return JSON.stringify(branches.map((b) => ({ ...b, Id: String(b.Id) })));
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['listBranches'], loginAs: [] });
    expect(failed(report, 'listBranches', ANSWER_CHECKS.body)).toMatch(/\/0\/Id must be integer/);
    expect(report.ok).toBe(false);
  });

  test('the Markdown summary fits a pull-request comment however much fails', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        const spared = ['/api/dev/', '/api/me', '/api/config'].some((p) =>
          request.url.startsWith(p),
        );
        if (request.url.startsWith('/api/') && !spared) {
          reply.code(500);
          return JSON.stringify(ERROR);
        }
        return payload;
      }),
    );
    const report = await check(baseUrl, { loginAs: ['patient', 'admin'], maxExamples: 1 });
    expect(report.totals.failed).toBeGreaterThan(300);
    // A 500 is an answer: a server that answers, however badly, has not stopped answering.
    expect(report.stopped).toBeUndefined();
    const summary = toMarkdownSummary(report);
    expect(summary.length).toBeLessThan(20_000);
    expect(summary).toMatch(/^### Contract conformance: ❌ \d+ checks failed in \d+ operations/);
    expect(summary).toMatch(/…and \d+ more failures\./);
    expect(summary).toContain('| category | passed | failed | skipped |');
    expect(toMarkdown(report).length).toBeGreaterThan(summary.length * 5);
  }, 60_000);

  test('reports a status the contract does not document (getConfig answering 418)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config')
          await reply.code(418).send({ ...ERROR, Code: 'bad-request' });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getConfig'], loginAs: [] });
    expect(failed(report, 'getConfig', ANSWER_CHECKS.status)).toMatch(/418 is not documented/);
    expect(failed(report, 'getConfig', 'answers a valid request with 2xx')).toMatch(
      /got GET \/api\/config → 418/,
    );
  });

  test('reports a method its path does not take answered 200 (DELETE /api/config)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'DELETE' && request.url === '/api/config')
          await reply.code(200).send({});
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getConfig'], loginAs: [] });
    expect(
      failed(
        report,
        'getConfig',
        'answers 405 with Allow (GET) to a method its path does not take',
      ),
    ).toMatch(/DELETE: expected 405, got DELETE \/api\/config → 200/);
  });

  test('reports a 405 without its Allow header (listBranches)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/branches') reply.removeHeader('allow');
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['listBranches'], loginAs: [] });
    expect(
      failed(
        report,
        'listBranches',
        'answers 405 with Allow (GET) to a method its path does not take',
      ),
    ).toMatch(/PUT: 405 without an Allow header/);
  });

  test('reports a status poll answered without its required header (getQrLoginStatus)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url.startsWith('/api/auth/qr/') && !request.headers['x-login-secret'])
          await reply.code(200).send({ Status: 'pending' });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getQrLoginStatus'], loginAs: [] });
    expect(
      failed(
        report,
        'getQrLoginStatus',
        'rejects a request without the required header `X-Login-Secret` with 4xx, never 5xx',
      ),
    ).toMatch(/→ 200/);
  });

  test('reports a 500 for invalid input (createDevSession with an invalid body)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body as { user?: unknown } | undefined;
        const valid =
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          ['patient', 'admin', 'content-manager', 'first-login', 'survey'].includes(
            String(body.user),
          );
        if (request.url === '/api/dev/session' && !valid) await reply.code(500).send(ERROR);
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['createDevSession'], loginAs: [] });
    const rejected = operation(report, 'createDevSession').checks.filter((c) =>
      c.name.startsWith('rejects'),
    );
    expect(rejected.length).toBeGreaterThan(3);
    expect(
      rejected.every(
        (c) =>
          c.outcome === 'failed' &&
          /expected 4xx, got POST \/api\/dev\/session → 500/.test(c.message ?? ''),
      ),
    ).toBe(true);
    expect(failed(report, 'createDevSession', ANSWER_CHECKS.status)).toMatch(
      /500 is not documented/,
    );
  });

  test('reports an error answer that grows with the request (checkCampaignCode listing every bad text)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url !== '/api/campaign-codes/check') return;
        const body = request.body as { code?: unknown } | undefined;
        if (typeof body?.code === 'string') return;
        // One field error per text with its whole path: what the dev server once answered.
        const Errors = Array.from({ length: 3000 }, (_, i) => ({
          field: `${'0.'.repeat(40)}${i}`,
          errorMessage: 'Remove the invisible control characters from this field.',
        }));
        await reply.code(400).send({ ...ERROR, Code: 'validation-failed', Errors });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['checkCampaignCode'], loginAs: [] });
    for (const label of [
      'a JSON body nested 5,000 levels deep',
      'a JSON body of 3,000 texts with a control character, 40 levels deep',
    ]) {
      expect(
        failed(
          report,
          'checkCampaignCode',
          `rejects ${label} with a short 4xx (at most 8192 bytes)`,
        ),
      ).toMatch(/the answer is \d+ bytes: an error answer must stay short/);
    }
  });

  test('reports a 500 to a short image upload (uploadCouponImage)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body;
        const short = body instanceof Uint8Array && body.byteLength < 16;
        if (request.method === 'PUT' && request.url.endsWith('/image') && short)
          await reply.code(500).send(ERROR);
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: [...COUPON_FLOW_OPERATIONS],
      reset: true,
    });
    expect(
      failed(
        report,
        'uploadCouponImage',
        'answers 415 unsupported-media-type, not 500, to a short or cut-off PNG',
      ),
    ).toMatch(/→ 500/);
  });

  test('reports a server that takes a cross-site form post (startQrLogin)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        // A server that does not look at X-Requested-With.
        request.headers['x-requested-with'] = 'XMLHttpRequest';
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['startQrLogin'], loginAs: [] });
    expect(
      failed(
        report,
        'startQrLogin',
        'refuses a cross-site form post (no X-Requested-With, a form body) with 400 bad-request',
      ),
    ).toMatch(/expected 400, got POST \/api\/auth\/qr → 200/);
  });

  test('reports a missing auth check (getMe answering 200 without a token)', async () => {
    const user = {
      Id: 1001,
      WebRole: 'patient',
      TermsAccepted: true,
      PrivacyPolicyAccepted: true,
      EmailMarketingEnabled: false,
      SmsMarketingEnabled: false,
      AreasOfInterests: [],
      OwnBranchId: null,
      OwnEmployeeId: null,
      ShouldShowProfilePage: false,
      Person: {
        FirstName: 'Maija',
        LastName: 'Meikäläinen',
        SSN: '150385-914H',
        PhoneNumber: '+358401234567',
        EmailAddress: 'maija@example.fi',
      },
    };
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/me' && !request.headers.authorization)
          await reply.code(200).send(user);
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getMe'], loginAs: ['patient'] });
    expect(failed(report, 'getMe', 'answers 401 unauthorized without a token')).toMatch(
      /expected 401, got GET \/api\/me → 200/,
    );
    expect(
      operation(report, 'getMe').checks.find((c) => c.name === ANSWER_CHECKS.body)?.outcome,
    ).toBe('passed');
  });

  test("each failure's curl command reproduces it, with the tokens as shell variables", async () => {
    const baseUrl = await start((app) => {
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
      });
      // A role check forgotten: a patient may list the patients.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] === '/api/admin/patients' && reply.statusCode === 403) {
          reply.code(200);
          return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return payload;
      });
    });
    const report = await checkBroken(baseUrl, {
      operations: ['getConfig', 'listPatients'],
      loginAs: ['patient'],
    });
    const env = await tokenEnv(baseUrl);

    const reproduced = async (id: string, name: string) => {
      const result = operation(report, id).checks.find((c) => c.name === name);
      expect(result?.outcome, `${id}: ${name}`).toBe('failed');
      const curl = result?.exchanges.at(-1)?.curl ?? 'false';
      expect(curl).toMatch(/^curl -i -X GET '/);
      const status = await curlStatus(curl, env);
      return { curl, status };
    };

    const config = await reproduced('getConfig', 'answers a valid request with 2xx');
    expect(config.status).toBe(500);
    const patients = await reproduced(
      'listPatients',
      'answers 403 forbidden to a signed-in patient (role patient not allowed)',
    );
    expect(patients.status).toBe(200);
    // The token is never written out, only its variable (the contract's hash aside, nothing in
    // the report looks like one).
    expect(patients.curl).toContain(`-H 'authorization: Bearer '"$PATIENT_TOKEN"`);
    const written = JSON.stringify({ ...report, contract: null });
    expect(written).not.toMatch(/[A-Za-z0-9_-]{43}/);

    // The summary names the most common kinds of failure.
    expect(commonFailures(report).map((f) => f.kind)).toContain('answers a valid request with 2xx');
  });

  test('reports a missing required response header (exportMarketingConsents without Content-Disposition)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/admin/patients/marketing-export')
          reply.removeHeader('content-disposition');
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['exportMarketingConsents'],
      loginAs: ['admin'],
    });
    expect(failed(report, 'exportMarketingConsents', ANSWER_CHECKS.headers)).toMatch(
      /200 lacks the required header content-disposition/,
    );
  });

  test('reports a calendar file whose start is the Helsinki wall time written as UTC', async () => {
    // A classic mistake: 09:00 Helsinki written as 090000Z (two or three hours late).
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (!/^\/api\/reservations\/\d+\/calendar$/.test(request.url)) return payload;
        return String(payload).replace(/^DTSTART:(\d{8})T\d{6}Z/m, 'DTSTART:$1T090000Z');
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['getReservationCalendar', 'createReservation', 'getMonthAvailability'],
      loginAs: ['patient'],
    });
    expect(
      failed(
        report,
        'getReservationCalendar',
        'returns the reservation as an iCalendar event (stable UID, UTC start, CONFIRMED)',
      ),
    ).toMatch(/DTSTART \d{8}T090000Z, expected \d{8}T\d{6}Z/);
  });

  test("reports a route that answers the router's bare 404 (getTerms)", async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/terms')
          await reply.code(404).type('text/plain').send('Not found');
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getTerms'], loginAs: [] });
    expect(failed(report, 'getTerms', ANSWER_CHECKS.route)).toMatch(
      /404 on an operation that does not document 404/,
    );
  });

  test('reports a missing role check (a patient listing the patients)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] === '/api/admin/patients' && reply.statusCode === 403) {
          reply.code(200);
          return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['listPatients'],
      loginAs: ['patient', 'admin', 'content-manager'],
    });
    expect(
      failed(
        report,
        'listPatients',
        'answers 403 forbidden to a signed-in patient (role patient not allowed)',
      ),
    ).toMatch(/expected 403, got .* → 200/);
  });
});
