import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { createActor, getStateNodes } from 'xstate';
import { explorePaths, type PathCoverage, type PathRun } from './path-coverage.ts';

/**
 * A checked-in path set (issue 53): a machine's full path exploration (`explorePaths`, seconds of
 * work) runs when the set is generated, with every snapshot checked; the set keeps only as few of
 * the explored paths as still take every transition and visit every state the exploration did.
 * The test replays those (a fraction of a second), checks every snapshot again, and fails when
 * the machine's sources have changed since the set was made, naming the command that makes it.
 * The set is made inside the test run (`UPDATE_PATHS=1`), as Vitest updates snapshots, so the
 * checks are the test's own assertions.
 */
export interface PathModel<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /** The inputs the wizard starts with; each is explored. */
  inputs: Array<InputFrom<TMachine>>;
  /** Candidate events in a state; those the state does not accept (`snapshot.can`) are dropped. */
  events: (snapshot: SnapshotFrom<TMachine>) => Array<EventFromLogic<TMachine>>;
  /** The state key: the state value plus whatever context the guards read. */
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Assertions that must hold in every snapshot reached. */
  check?: (snapshot: SnapshotFrom<TMachine>) => void;
}

/**
 * One event of a stored path: its type and which of the state's candidate events of that type it
 * is (outputs and errors are the model's own samples, so they are named by position, not copied),
 * and the state value the machine is in after it.
 */
export interface StoredStep {
  type: string;
  n: number;
  value: unknown;
}

export interface StoredPath {
  /** Index into the model's inputs. */
  input: number;
  steps: StoredStep[];
}

export interface PathSet {
  /** The command that makes the set again. */
  generatedBy: string;
  /** The hash of the model's sources when the set was made (`sourcesHash`). */
  sources: string;
  /** How many paths the exploration replayed, of which `paths` were kept. */
  explored: number;
  paths: StoredPath[];
}

/**
 * The hash of a module and every module it imports by a relative path, followed transitively: a
 * change to any of them (the machine, its actors' fakes, the events offered) makes the set stale.
 */
export function sourcesHash(entry: string): string {
  const root = dirname(entry);
  const seen = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+\.ts)'/g)) {
      pending.push(resolve(dirname(file), match[1] as string));
    }
  }
  const hash = createHash('sha256');
  for (const file of [...seen].sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The explored paths' union: what a chosen set must still take and visit. */
function universe(runs: PathRun[]): Set<AnyTransitionDefinition | AnyStateNode> {
  const all = new Set<AnyTransitionDefinition | AnyStateNode>();
  for (const run of runs) {
    for (const transition of run.taken) all.add(transition);
    for (const node of run.visited) all.add(node);
  }
  return all;
}

/**
 * Explores every input (checking every snapshot), then keeps a small set of the paths that covers
 * what all of them covered: greedily, the path adding most, shortest first on a tie.
 */
export function generatePathSet<TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
  meta: { sources: string; generatedBy: string },
): PathSet {
  const runs: Array<PathRun & { input: number }> = [];
  model.inputs.forEach((input, index) => {
    const coverage = explorePaths({ ...model, input });
    for (const run of coverage.runs ?? []) runs.push({ ...run, input: index });
  });
  const missing = universe(runs);
  const chosen: Array<PathRun & { input: number }> = [];
  while (missing.size > 0) {
    let best: (PathRun & { input: number }) | undefined;
    let bestGain = 0;
    for (const run of runs) {
      let gain = 0;
      for (const item of run.taken) if (missing.has(item)) gain += 1;
      for (const item of run.visited) if (missing.has(item)) gain += 1;
      if (
        gain > bestGain ||
        (gain === bestGain && best && run.events.length < best.events.length)
      ) {
        best = run;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) break;
    chosen.push(best);
    for (const item of best.taken) missing.delete(item);
    for (const item of best.visited) missing.delete(item);
  }
  return {
    generatedBy: meta.generatedBy,
    sources: meta.sources,
    explored: runs.length,
    paths: chosen.map((run) => ({ input: run.input, steps: storeSteps(model, run) })),
  };
}

/** A path's events as stored steps: each named among the candidates of its state. */
function storeSteps<TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
  run: PathRun & { input: number },
): StoredStep[] {
  const actor = createActor(model.machine, { input: model.inputs[run.input] });
  actor.start();
  const steps = run.events.map((event) => {
    const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
    const key = JSON.stringify(event);
    const sameType = model.events(snapshot).filter((candidate) => candidate.type === event.type);
    const n = sameType.findIndex((candidate) => JSON.stringify(candidate) === key);
    if (n < 0) throw new Error(`${event.type} is not among the events offered in its state`);
    actor.send(event as never);
    return { type: event.type, n, value: (actor.getSnapshot() as AnyMachineSnapshot).value };
  });
  actor.stop();
  return steps;
}

/**
 * Replays a stored set on real actors, checking every snapshot: what the paths took and visited.
 * Fails with `stale` in its message when a stored event is no longer offered or the machine ends
 * up elsewhere than it did when the set was made.
 */
export function replayPathSet<TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
  set: PathSet,
): PathCoverage {
  const coverage: PathCoverage = { paths: [], taken: new Set(), visited: new Set() };
  for (const [index, path] of set.paths.entries()) {
    const stale = (why: string) =>
      new Error(`Path ${index} of the stored set is stale: ${why}. Run \`${set.generatedBy}\`.`);
    const actor = createActor(model.machine, {
      input: model.inputs[path.input],
      inspect: (inspection) => {
        if (inspection.type === '@xstate.microstep' && inspection.actorRef === actor) {
          for (const transition of inspection._transitions) coverage.taken.add(transition);
          const value = (inspection.snapshot as AnyMachineSnapshot).value;
          for (const node of getStateNodes(model.machine.root, value)) coverage.visited.add(node);
        }
      },
    });
    actor.start();
    const record = () => {
      const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
      const { value } = snapshot as AnyMachineSnapshot;
      for (const node of getStateNodes(model.machine.root, value)) coverage.visited.add(node);
      model.check?.(snapshot);
      return snapshot;
    };
    let snapshot = record();
    const events: EventObject[] = [];
    for (const [at, step] of path.steps.entries()) {
      const sameType = model.events(snapshot).filter((candidate) => candidate.type === step.type);
      const event = sameType[step.n];
      if (event === undefined) throw stale(`step ${at} (${step.type}) is not offered`);
      actor.send(event as never);
      events.push(event);
      snapshot = record();
      const { value } = snapshot as AnyMachineSnapshot;
      if (JSON.stringify(value) !== JSON.stringify(step.value))
        throw stale(`step ${at} (${step.type}) reached ${JSON.stringify(value)}`);
    }
    actor.stop();
    coverage.paths.push(events);
  }
  return coverage;
}
