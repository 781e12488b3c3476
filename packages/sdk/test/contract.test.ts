import { describe, expect, test } from 'vitest';
import { AREAS_OF_INTEREST } from '../src/areas.ts';
import { CODE_PROBLEMS } from '../src/errors.ts';
import { loadContract } from '../src/contract/index.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
  'x-status'?: string;
  'x-roles'?: string[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const contract = loadContract() as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
};
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    path,
    method,
    op: item[method] as Operation,
  })),
);

describe('the contract', () => {
  test('covers every area with at least 45 operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
  });

  test('publishes exactly the seven calls of spec §7, with their exact method and path', () => {
    const published = operations
      .filter(({ op }) => op['x-status'] === 'published')
      .map(({ method, path, op }) => `${op.operationId} ${method.toUpperCase()} ${path}`)
      .sort();
    expect(published).toEqual(
      [
        'acceptNewMarketingTerms POST /api/user/accept/new-marketing-terms',
        'deleteCurrentPatient DELETE /api/patients/',
        'getMe GET /api/me',
        'listBranches GET /api/branches',
        'listEmployees GET /api/employees',
        'logout GET /api/logout',
        'updateProfile PUT /api/patients/{id}/profile',
      ].sort(),
    );
  });

  test.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op] as const))(
    '%s is complete: id, summary, tags, status, roles, success and errors',
    (_name, op) => {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary).toBeTruthy();
      expect(op.tags?.length).toBeGreaterThan(0);
      expect(['published', 'proposed']).toContain(op['x-status']);
      const roles = op['x-roles'] ?? [];
      expect(roles.length).toBeGreaterThan(0);
      for (const role of roles)
        expect(['public', 'patient', 'admin', 'contentManager']).toContain(role);
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses.some((s) => /^2\d\d$/.test(s))).toBe(true);
      expect(statuses.some((s) => /^4\d\d$/.test(s))).toBe(true);
      expect(statuses).toContain('503');
      if (roles.includes('public')) {
        // no security, or an optional token (`- {}`)
        expect(
          op.security?.length === 0 || op.security?.some((s) => JSON.stringify(s) === '{}'),
        ).toBe(true);
      } else {
        expect(op.security).toBeUndefined();
        expect(statuses).toContain('401');
      }
    },
  );

  test('operation ids are unique', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('every component schema has an example', () => {
    const missing = Object.entries(contract.components.schemas)
      .filter(([, schema]) => !schema.examples?.length)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});

test('the areas of interest are the contract’s enum, in its order', () => {
  const schemas = (loadContract().components as { schemas: Record<string, { enum?: unknown }> })
    .schemas;
  expect([...AREAS_OF_INTEREST]).toEqual(schemas.AreaOfInterest?.enum);
});

test('the code problems are the contract’s enum, in its order', () => {
  const schemas = (loadContract().components as { schemas: Record<string, { enum?: unknown }> })
    .schemas;
  expect([...CODE_PROBLEMS]).toEqual(schemas.CodeProblem?.enum);
});
