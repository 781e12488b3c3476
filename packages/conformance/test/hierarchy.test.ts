import { describe, expect, test } from 'vitest';
import { indexContract } from '@portal/sdk/contract';
import { nestingOf } from '../src/hierarchy.ts';
import { Runner } from '../src/runner.ts';
import { check, failures, operation } from './checker.ts';
import { start } from './harness.ts';
import { addNestedRoutes, NESTED_OPERATIONS, nestedContract } from './nested.ts';

// RESTler's resource-hierarchy rule (no_child_through_wrong_parent), on the test-only owners and
// pets added to the contract and to a dev server: the portal's own contract nests no child.

const RULE = 'no_child_through_wrong_parent';
const CHILD_OPERATIONS = ['getTestPet', 'renameTestPet', 'deleteTestPet'];

async function run(buggy: boolean) {
  const baseUrl = await start((app) => addNestedRoutes(app, { buggy }));
  return check(baseUrl, {
    contract: nestedContract(),
    operations: [...NESTED_OPERATIONS],
    checks: [RULE],
    loginAs: [],
  });
}

describe('the resource-hierarchy rule: a child only through its own parent', () => {
  test('the portal contract nests no child under a parent id, so the rule checks none of its operations', () => {
    const runner = new Runner({ baseUrl: 'http://127.0.0.1:1' });
    expect(indexContract().operations.filter((spec) => nestingOf(runner, spec))).toEqual([]);
  });

  test('a server that looks a pet up through its owner passes, for reads, changes and deletes', async () => {
    const report = await run(false);
    expect(failures(report)).toEqual([]);
    for (const id of CHILD_OPERATIONS) {
      const rule = operation(report, id).checks.filter((c) => c.id === RULE);
      expect(
        rule.map((c) => [c.outcome, c.name]),
        id,
      ).toEqual([
        ['passed', "answers 404 for a child through another parent's ownerId, never the child"],
      ]);
      // Through the other owner and through one that does not exist.
      const tried = rule[0]?.exchanges.filter((e) => e.label.startsWith('hierarchy: child'));
      expect(tried?.map((e) => e.status)).toEqual([404, 404]);
    }
  }, 60_000);

  test('a server that looks a pet up by its id alone fails, with the request that reached it', async () => {
    const report = await run(true);
    for (const id of CHILD_OPERATIONS) {
      const rule = operation(report, id).checks.find((c) => c.id === RULE);
      expect(rule?.outcome, id).toBe('failed');
      expect(rule?.message).toMatch(
        /child 11 of ownerId 1 was reached through another parent \(2\)/,
      );
      expect(rule?.exchanges.some((e) => /owners\/2\/pets\/11/.test(e.curl))).toBe(true);
    }
  }, 60_000);
});
