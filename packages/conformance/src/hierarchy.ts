import type { OperationSpec } from '@portal/sdk/contract';
import { MISSING_ID, validCall } from './discovery.ts';
import { idOf, listItems } from './expect.ts';
import { needsToken } from './generic.ts';
import { expectRefusal, refusalStatuses } from './ownership.ts';
import { fail, skip, type Runner } from './runner.ts';
import type { TestUser } from './types.ts';

// RESTler's resource-hierarchy rule: where the contract nests a child under its parent's id
// (`/api/owners/{ownerId}/pets/{petId}`), the child is reached through its own parent only. A
// server that looks the child up by its id alone serves it through any parent id, another
// user's or one that does not exist. The rule is generic over the contract's paths: any
// operation whose path has a parameter segment after another one.

const CHECK_ID = 'no_child_through_wrong_parent';
/** Parents whose children are listed, at most, while looking for a child (and another parent). */
const PARENTS_TRIED = 5;

/** A nested path: the parent's and the child's parameters, and where each is listed. */
export interface Nesting {
  parent: string;
  child: string;
  /** `GET` of the parents' collection (`/api/owners`) and of one parent's children. */
  parents: OperationSpec;
  children: OperationSpec;
}

/** The operations at `path` by method. */
function at(runner: Runner, path: string, method = 'GET'): OperationSpec | undefined {
  return runner.index.operations.find((o) => o.path === path && o.method === method);
}

/**
 * The nesting of a path whose last segment is a parameter and which has another parameter before
 * it, when the contract lists both levels (`GET /a` and `GET /a/{p}/b`); null otherwise. Only
 * two levels: the parent's collection takes no parameter of its own.
 */
export function nestingOf(runner: Runner, spec: OperationSpec): Nesting | null {
  const segments = spec.path.split('/');
  const names = segments.map((s) => /^\{(\w+)\}$/.exec(s)?.[1]);
  const childAt = names.findLastIndex((n) => n !== undefined);
  const parentAt = names.slice(0, childAt).findLastIndex((n) => n !== undefined);
  if (childAt < 0 || parentAt < 0) return null;
  const parent = names[parentAt];
  const child = names[childAt];
  if (!parent || !child) return null;
  if (names.slice(0, parentAt).some((n) => n !== undefined)) return null;
  const parents = at(runner, segments.slice(0, parentAt).join('/'));
  const children = at(runner, segments.slice(0, childAt).join('/'));
  if (!parents || !children) return null;
  return { parent, child, parents, children };
}

/** A user who may call all of the operations, or null (public: no user). */
function callerOf(runner: Runner, specs: OperationSpec[]): TestUser | null | undefined {
  if (specs.every((s) => s.isPublic)) return null;
  const order: TestUser[] = ['patient', 'admin', 'content-manager'];
  return order.find(
    (user) => runner.token(user) !== null && specs.every((s) => runner.allows(s, user)),
  );
}

interface Found {
  parent: number;
  child: number;
  /** Another parent the caller sees, whose children do not include the child; null: none. */
  other: number | null;
}

/** A real parent and child, and another real parent (listing both levels as the caller). */
async function discover(
  runner: Runner,
  nesting: Nesting,
  token: string | null,
): Promise<Found | undefined> {
  const listed = await runner.call(nesting.parents.operationId, 'hierarchy: list the parents', {
    token,
  });
  const parents = listItems(listed.json)
    .map(idOf)
    .filter((id): id is number => id !== undefined);
  const childrenOf = new Map<number, number[]>();
  for (const parent of parents.slice(0, PARENTS_TRIED)) {
    const answer = await runner.call(
      nesting.children.operationId,
      `hierarchy: list the children of parent ${parent}`,
      { token, path: { [nesting.parent]: parent } },
    );
    childrenOf.set(
      parent,
      answer.status === 200
        ? listItems(answer.json)
            .map(idOf)
            .filter((id): id is number => id !== undefined)
        : [],
    );
  }
  for (const [parent, children] of childrenOf) {
    const child = children[0];
    if (child === undefined) continue;
    const other = [...childrenOf].find(([p, c]) => p !== parent && !c.includes(child))?.[0] ?? null;
    return { parent, child, other };
  }
  return undefined;
}

/**
 * The rule for one operation of a nested path: its child, asked for through another parent the
 * caller sees and through one that does not exist, answers the contract's refusal (404, or 403
 * where documented), never 2xx; after a write the child reads as before through its own parent.
 */
export async function hierarchyProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  if (!runner.wants(CHECK_ID)) return;
  const nesting = nestingOf(runner, spec);
  if (!nesting) return;
  const read = at(runner, spec.path);
  const name = `answers ${refusalStatuses(spec).join(' or ')} for a child through another parent's ${nesting.parent}, never the child`;
  const options = { id: CHECK_ID, category: 'auth', destructive: spec.method !== 'GET' } as const;
  const user = callerOf(runner, [spec, nesting.parents, nesting.children]);
  if (user === undefined) {
    runner.skipped(spec.operationId, name, needsToken(spec), options);
    return;
  }
  await runner.check(spec.operationId, name, options, async () => {
    const token = user === null ? null : runner.token(user);
    const found = await discover(runner, nesting, token);
    if (!found)
      skip(
        `no parent with a child to try (${nesting.parents.path}, ${nesting.children.path} list none)`,
      );
    const readChild = async (label: string): Promise<string | null> => {
      if (!read) return null;
      const answer = await runner.call(read.operationId, label, {
        token,
        path: { [nesting.parent]: found.parent, [nesting.child]: found.child },
      });
      return `${answer.status ?? ''} ${answer.text}`;
    };
    const before = await readChild('hierarchy: the child through its own parent');
    const { call } = await validCall(runner, spec, user);
    for (const parent of [found.other, MISSING_ID]) {
      if (parent === null) continue;
      const which = parent === MISSING_ID ? 'a parent that does not exist' : 'another parent';
      const answer = await runner.call(
        spec.operationId,
        `hierarchy: child ${found.child} through ${which} (${parent})`,
        {
          ...call,
          token,
          path: { ...call.path, [nesting.parent]: parent, [nesting.child]: found.child },
        },
      );
      expectRefusal(
        runner,
        spec,
        answer,
        `child ${found.child} of ${nesting.parent} ${found.parent} was reached through ${which} (${parent})`,
      );
    }
    const after = await readChild('hierarchy: the child through its own parent again');
    if (after !== before)
      fail(
        `child ${found.child} changed after ${spec.method} through another parent: before ${String(before).slice(0, 200)}, after ${String(after).slice(0, 200)}`,
      );
  });
}
