import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadContract } from '@portal/sdk/contract';
import { main } from '../src/cli.ts';
import { diffContracts, diffToMarkdown, type ChangeKind } from '../src/diff.ts';

type Json = Record<string, unknown>;

const fixture = (name: string): Json =>
  parse(readFileSync(new URL(`./contract-diff/${name}`, import.meta.url), 'utf8')) as Json;
const base = fixture('base.yaml');
const changed = (name: string) => diffContracts(base, fixture(`${name}/new.yaml`));

/** Each pair: the new contract of the folder against `base.yaml`. */
const pairs: [
  string,
  { kind: ChangeKind; operationId: string; breaking: boolean; location?: string }[],
][] = [
  [
    'operation-removed',
    [
      { kind: 'operation-removed', operationId: 'listEvents', breaking: true },
      { kind: 'operation-added', operationId: 'listEvents', breaking: false },
    ],
  ],
  ['role-narrowed', [{ kind: 'role-narrowed', operationId: 'getMe', breaking: true }]],
  [
    'status-removed',
    [
      {
        kind: 'status-removed',
        operationId: 'createReservation',
        breaking: true,
        location: '409 response',
      },
    ],
  ],
  [
    'request-field-required',
    [
      {
        kind: 'request-field-required',
        operationId: 'createReservation',
        breaking: true,
        location: 'request body (application/json): note',
      },
    ],
  ],
  [
    'new-required-parameter',
    [
      {
        kind: 'parameter-required',
        operationId: 'createReservation',
        breaking: true,
        location: 'query parameter dryRun',
      },
    ],
  ],
  [
    'enum-narrowed',
    [
      {
        kind: 'enum-narrowed',
        operationId: 'createReservation',
        breaking: true,
        location: 'request body (application/json): customerType',
      },
    ],
  ],
  [
    'response-field-removed',
    [
      {
        kind: 'response-field-removed',
        operationId: 'createReservation',
        breaking: true,
        location: '201 response (application/json): branchName',
      },
    ],
  ],
  [
    'type-changed',
    [
      {
        kind: 'type-changed',
        operationId: 'getMe',
        breaking: true,
        location: '200 response (application/json): Id',
      },
    ],
  ],
  [
    'response-enum-widened',
    [
      {
        kind: 'enum-widened',
        operationId: 'getMe',
        breaking: true,
        location: '200 response (application/json): WebRole',
      },
    ],
  ],
  [
    'non-breaking',
    [
      { kind: 'role-widened', operationId: 'getMe', breaking: false },
      { kind: 'enum-widened', operationId: 'createReservation', breaking: false },
      { kind: 'request-field-added', operationId: 'createReservation', breaking: false },
      { kind: 'response-field-added', operationId: 'createReservation', breaking: false },
    ],
  ],
  [
    'proposed-only-breaking',
    [
      {
        kind: 'type-changed',
        operationId: 'listEvents',
        breaking: true,
        location: '200 response (application/json): [].title',
      },
    ],
  ],
];

describe('contract diff', () => {
  test('a response enum the old contract calls extensible may grow; marking it only now does not help', () => {
    const withRoles = (roles: string[], extensible: boolean): Json => {
      const document = structuredClone(base);
      const schemas = (document.components as Json).schemas as Json;
      const user = schemas.User as { properties: Json };
      user.properties.WebRole = {
        type: 'string',
        enum: roles,
        ...(extensible ? { 'x-extensible': true } : {}),
      };
      return document;
    };
    const roles = ['patient', 'admin', 'contentManager'];
    const grown = withRoles([...roles, 'auditor'], true);
    const promised = diffContracts(withRoles(roles, true), grown);
    expect(promised.changes).toEqual([
      expect.objectContaining({ kind: 'enum-widened', operationId: 'getMe', breaking: false }),
    ]);
    expect(promised.changes[0]?.message).toContain('(an extensible enum)');
    expect(diffContracts(withRoles(roles, false), grown).publishedBreaking).toHaveLength(1);
  });

  test('a contract compared with itself has no changes', () => {
    expect(diffContracts(base, base).changes).toEqual([]);
    const contract = loadContract();
    expect(diffContracts(contract, loadContract()).changes).toEqual([]);
  });

  test.each(pairs)('%s: every change is found and classified', (name, expected) => {
    const diff = changed(name);
    const found = diff.changes.map(({ kind, operationId, breaking, location }) => ({
      kind,
      operationId,
      breaking,
      location,
    }));
    for (const change of expected) expect(found).toContainEqual(expect.objectContaining(change));
    expect(found).toHaveLength(expected.length);
  });

  test('only a breaking change to a published operation fails the command', () => {
    expect(changed('role-narrowed').publishedBreaking).toHaveLength(1);
    expect(changed('non-breaking').publishedBreaking).toEqual([]);
    // listEvents is proposed: breaking, but not to the clinic's published API.
    const proposed = changed('proposed-only-breaking');
    expect(proposed.breaking).toHaveLength(1);
    expect(proposed.publishedBreaking).toEqual([]);
  });

  test('the Markdown summary lists breaking changes first and says the result', () => {
    const markdown = diffToMarkdown(changed('status-removed'), 'base', 'new');
    expect(markdown).toContain('# Contract changes: base → new');
    expect(markdown).toContain('## Breaking');
    expect(markdown).toContain(
      '| `createReservation` POST `/api/reservations` | **published** | status-removed | 409 response |',
    );
    expect(markdown).toContain('**Result: 1 breaking changes to published operations.**');
  });

  test('the command exits 1 on a published breaking change, 0 otherwise, 2 on bad use', () => {
    const dir = new URL('./contract-diff/', import.meta.url).pathname;
    const output: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    process.stdout.write = ((chunk: string) =>
      output.push(chunk) > 0) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) =>
      output.push(chunk) > 0) as typeof process.stderr.write;
    try {
      expect(main([`${dir}base.yaml`, `${dir}enum-narrowed/new.yaml`])).toBe(1);
      expect(main([`${dir}base.yaml`, `${dir}non-breaking/new.yaml`])).toBe(0);
      expect(main([`${dir}base.yaml`, `${dir}proposed-only-breaking/new.yaml`])).toBe(0);
      expect(main([`${dir}base.yaml`])).toBe(2);
      expect(main([`${dir}base.yaml`, 'no-such-revision-or-file'])).toBe(2);
      expect(main(['no-such-revision', `${dir}base.yaml`, '--allow-missing-old'])).toBe(0);
      // A git revision of the repository's contract works as well.
      expect(main(['HEAD', 'HEAD'])).toBe(0);
    } finally {
      process.stdout.write = write;
      process.stderr.write = writeErr;
    }
    expect(output.join('')).toContain('no longer accepts "paymentCommitment"');
  });
});
