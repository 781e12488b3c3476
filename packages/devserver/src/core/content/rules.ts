import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { isBlank, newestFirst } from './text.ts';

type Rule = Schemas['Rule'];
type RuleInput = Schemas['RuleInput'];
type RuleRow = ReturnType<DevState['db']['rule']['getAll']>[number];

const STATUSES: readonly string[] = ['active', 'inactive'] satisfies Schemas['RuleStatus'][];

export function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    description: row.description,
    status: row.status as Schemas['RuleStatus'],
    updatedAt: row.updatedAt,
  };
}

/** Every rule, or those with `status`, most recently updated first. */
export function listRules(state: DevState, status?: Schemas['RuleStatus']): Rule[] {
  return state.db.rule
    .getAll()
    .filter((row) => status === undefined || row.status === status)
    .sort(newestFirst((row) => row.updatedAt))
    .map(toRule);
}

export function getRule(state: DevState, id: number): Result<Rule> {
  const row = state.db.rule.findFirst({ where: { id: { equals: id } } });
  return row ? ok(toRule(row)) : fail('not-found');
}

export function ruleProblems(input: Partial<Record<keyof RuleInput, unknown>>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (isBlank(input.description))
    problems.push({ field: 'description', message: 'rule.descriptionRequired' });
  if (typeof input.status !== 'string' || !STATUSES.includes(input.status))
    problems.push({ field: 'status', message: 'validation.choice' });
  return problems;
}

export function createRule(state: DevState, input: RuleInput): Result<Rule> {
  const problems = ruleProblems(input);
  if (problems.length > 0) return invalid(...problems);
  const row = state.db.rule.create({
    id: nextId(state, 'rule'),
    description: input.description,
    status: input.status,
    updatedAt: toHelsinkiIso(state.clock.now()),
  });
  return ok(toRule(row));
}

/** Replaces the description and status (activates or deactivates the rule). */
export function updateRule(state: DevState, id: number, input: RuleInput): Result<Rule> {
  const problems = ruleProblems(input);
  const exists = state.db.rule.findFirst({ where: { id: { equals: id } } });
  if (!exists) return fail('not-found');
  if (problems.length > 0) return invalid(...problems);
  const row = state.db.rule.update({
    where: { id: { equals: id } },
    data: {
      description: input.description,
      status: input.status,
      updatedAt: toHelsinkiIso(state.clock.now()),
    },
  });
  return row ? ok(toRule(row)) : fail('not-found');
}

export function deleteRule(state: DevState, id: number): Result<null> {
  const deleted = state.db.rule.delete({ where: { id: { equals: id } } });
  return deleted ? ok(null) : fail('not-found');
}
