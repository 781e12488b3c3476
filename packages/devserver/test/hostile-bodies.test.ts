import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { indexContract, type OperationSpec } from '@portal/sdk/contract';
import { MAX_FIELD_ERRORS, MAX_FIELD_LENGTH, errorBody } from '../src/api/errors.ts';
import {
  INVALID_JSON,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  OversizedJson,
  parseJsonBody,
} from '../src/api/json-body.ts';
import { controlCharacterProblems } from '../src/api/validation.ts';
import { buildApp } from '../src/http/app.ts';
import { createMockServer } from '../src/msw/node.ts';
import { createHarness, profileBody, TEST_NOW } from './harness.ts';

/**
 * The bodies of the second outside probe (issue 33, items 1 and 2): each once stalled the server
 * for seconds with an answer of tens of megabytes, or made it answer 500.
 */
const HOSTILE_BODIES = {
  // 1,500 levels of arrays around 30,000 strings with a control character (101 kB in, 21.5 MB out).
  'nested control characters': `${'['.repeat(1501)}${Array(30_000).fill('"\\b"').join(',')}${']'.repeat(1501)}`,
  // Depth 5,000: the control-character walk's recursion overflowed the stack.
  'nesting 5,000 deep': `${'['.repeat(5000)}1${']'.repeat(5000)}`,
  // A flat array of 200,000 strings: spreading its problems overflowed the stack.
  '200,000 strings': `[${Array(200_000).fill('"\\b"').join(',')}]`,
  // An object of 900 members, each a control character under a 1,000-character name.
  // A lone surrogate where an e-mail address goes: the address parser threw a URIError (500;
  // the third probe, issue 52).
  'a lone surrogate': '{"email":"\\ud800","customer":{"email":"a\\ud800@x.fi"},"text":"\\udc00"}',
  'long member names': `{${Array.from({ length: 900 }, (_, i) => `"${String(i).padStart(1000, 'k')}":"\\b"`).join(',')}}`,
};

const jsonOperations = indexContract().operations.filter((operation) =>
  operation.requestBody?.content.some((media) => media.contentType === 'application/json'),
);

const MOCK_ORIGIN = 'http://hostile.portal.test';
let app: FastifyInstance;
let httpOrigin: string;
let mock: ReturnType<typeof createMockServer>;

beforeAll(async () => {
  // Generous limits: the code checks take one request per body here, not a guessing run.
  app = await buildApp({ webRoot: null, codeCheckRateLimit: 1000, loginRateLimit: 1000 });
  httpOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  mock = createMockServer({ now: TEST_NOW, baseUrl: MOCK_ORIGIN });
  mock.server.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  mock.server.close();
  await app.close();
});

async function adminToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ user: 'admin' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Path values that name something: a path naming nothing (an unknown scenario) answers 404
 * before its body is read, so the body would not be tested.
 */
const PATH_VALUES: Record<string, string> = { name: 'no-free-slots' };

/** The operation's URL with every path parameter set (to 1 unless named above). */
function urlOf(origin: string, operation: OperationSpec): string {
  return `${origin}${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => PATH_VALUES[name] ?? '1')}`;
}

describe.each([
  ['Fastify', () => httpOrigin],
  ['MSW', () => MOCK_ORIGIN],
])('%s: a hostile JSON body answers a short 400 on every operation', (_transport, origin) => {
  test.each(Object.entries(HOSTILE_BODIES))('%s', async (_name, body) => {
    const token = await adminToken(origin());
    const failures: string[] = [];
    for (const operation of jsonOperations) {
      const response = await fetch(urlOf(origin(), operation), {
        method: operation.method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': 'en',
        },
        body,
      });
      const text = await response.text();
      const answer = JSON.parse(text) as { Code: string; Errors?: unknown[] };
      if (
        response.status !== 400 ||
        text.length > 4096 ||
        (answer.Errors?.length ?? 0) > MAX_FIELD_ERRORS
      ) {
        failures.push(
          `${operation.operationId}: ${response.status}, ${text.length} bytes: ${text.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('JSON bodies are measured before they are parsed', () => {
  test('a body nested deeper than the limit is refused, one at the limit is read', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toEqual(
      JSON.parse(nested(MAX_JSON_DEPTH)) as unknown,
    );
    expect(parseJsonBody(nested(MAX_JSON_DEPTH + 1))).toEqual(
      new OversizedJson('depth', MAX_JSON_DEPTH),
    );
    // Brackets inside strings, and escaped quotes, are text.
    expect(parseJsonBody(JSON.stringify({ text: `\\"${'['.repeat(100)}` }))).toEqual({
      text: `\\"${'['.repeat(100)}`,
    });
  });

  test('a body holding more values than the limit is refused, whatever their nesting', () => {
    const flat = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i));
    expect(parseJsonBody(flat(MAX_JSON_VALUES - 10))).toHaveLength(MAX_JSON_VALUES - 10);
    expect(parseJsonBody(flat(MAX_JSON_VALUES + 1))).toEqual(
      new OversizedJson('values', MAX_JSON_VALUES),
    );
    const objects = JSON.stringify(Array.from({ length: MAX_JSON_VALUES / 2 }, () => ({})));
    expect(parseJsonBody(objects)).toBeInstanceOf(OversizedJson);
  });

  test('blank text is no body, broken text is invalid JSON', () => {
    expect(parseJsonBody('  \n')).toBeUndefined();
    expect(parseJsonBody('{"a": ')).toBe(INVALID_JSON);
  });
});

describe('a lone surrogate is a 400 naming the field (issue 52)', () => {
  test("in the profile's e-mail address, the field is named and the text says what is wrong", async () => {
    const h = createHarness();
    const me = (await h.call('getMe', { as: 'patient' })).json as { Id: number };
    const answer = await h.call('updateProfile', {
      as: 'patient',
      path: { id: me.Id },
      body: profileBody({ email: '\ud800', phone: '+358401234567' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.json.Errors).toEqual([
      {
        field: 'email',
        errorMessage:
          'This field holds a broken character (half of a symbol or emoji). Please type the text again.',
      },
    ]);
  });
});

describe('an error answer stays short', () => {
  test('the control-character check walks any depth without recursion and stops at the limit', () => {
    let deep: unknown = '\b';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterProblems(deep)).toHaveLength(1);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, '\u0000']));
    const problems = controlCharacterProblems({ first: 'fine', many });
    expect(problems).toHaveLength(MAX_FIELD_ERRORS);
    expect(problems[0]).toEqual({ field: 'many.f0', message: 'validation.controlCharacters' });
    expect(problems.at(-1)?.field).toBe(`many.f${MAX_FIELD_ERRORS - 1}`);
  });

  test('an error body lists at most the limit of field errors, each name cut to its length', () => {
    const body = errorBody(
      {
        code: 'validation-failed',
        fieldErrors: Array.from({ length: 100 }, (_, i) => ({
          field: `${'x'.repeat(500)}${i}`,
          message: 'validation.required' as const,
        })),
      },
      'en',
    ) as { Errors: { field: string; errorMessage: string }[] };
    expect(body.Errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(body.Errors[0]).toEqual({
      field: `${'x'.repeat(MAX_FIELD_LENGTH - 1)}…`,
      errorMessage: 'Please fill this field',
    });
  });

  test('the refusal says why, in the language of the request', async () => {
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    for (const [language, message] of [
      ['fi', 'Pyynnön sisältö on sisäkkäistetty liian syvälle (enintään 32 tasoa).'],
      ['sv', 'Begärans innehåll är kapslat för djupt (högst 32 nivåer).'],
      ['en', 'The request body is nested too deeply (at most 32 levels).'],
    ] as const) {
      const response = await fetch(`${httpOrigin}/api/campaign-codes/check`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': language,
        },
        body: deep,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { Errors: unknown }).Errors).toEqual([
        { field: 'body', errorMessage: message },
      ]);
    }
  });
});
