import { getStateNodes as getAllDescendants, getShortestPaths } from '@xstate/graph';
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

/**
 * Path coverage with @xstate/graph: `getShortestPaths` finds a shortest path to every reachable
 * (serialized) state; each path is then extended by every event the state accepts, and every
 * extended path is replayed on a real actor (with the machine's own provided fakes). Actor results
 * and timer expiry are modelled as events (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<state id>`), so no timer runs and nothing waits.
 *
 * The result says which transition definitions were taken and which state nodes were visited,
 * both read from the actor's inspection microsteps (so eventless transitions and the transient
 * states they leave count too).
 */
export interface PathCoverageOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  input: InputFrom<TMachine>;
  /** Candidate events in a state; those the state does not accept (`snapshot.can`) are dropped. */
  events: (snapshot: SnapshotFrom<TMachine>) => Array<EventFromLogic<TMachine>>;
  /** The state key: the state value plus whatever context the guards read. */
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Assertions that must hold in every snapshot reached. */
  check?: (snapshot: SnapshotFrom<TMachine>) => void;
}

export interface PathCoverage {
  /** Replayed paths (without the init step). */
  paths: EventObject[][];
  taken: Set<AnyTransitionDefinition>;
  visited: Set<AnyStateNode>;
  /** What each replayed path took and visited on its own (to choose a covering set of them). */
  runs?: PathRun[];
}

export interface PathRun {
  events: EventObject[];
  taken: Set<AnyTransitionDefinition>;
  visited: Set<AnyStateNode>;
}

export function explorePaths<TMachine extends AnyStateMachine>(
  options: PathCoverageOptions<TMachine>,
): PathCoverage {
  const { machine, input, serializeState, check } = options;
  const accepted = (snapshot: SnapshotFrom<TMachine>) =>
    options.events(snapshot).filter((event) => (snapshot as AnyMachineSnapshot).can(event));
  const shortest = getShortestPaths(machine, {
    input,
    events: accepted as never,
    serializeState: serializeState as never,
  });
  const coverage: PathCoverage = { paths: [], taken: new Set(), visited: new Set(), runs: [] };

  const replay = (events: EventObject[], expectedValues: unknown[] = []) => {
    const run: PathRun = { events, taken: new Set(), visited: new Set() };
    const visit = (value: unknown) => {
      for (const node of getStateNodes(machine.root, value as never)) {
        coverage.visited.add(node);
        run.visited.add(node);
      }
    };
    const actor = createActor(machine, {
      input,
      inspect: (inspection) => {
        if (inspection.type === '@xstate.microstep' && inspection.actorRef === actor) {
          for (const transition of inspection._transitions) {
            coverage.taken.add(transition);
            run.taken.add(transition);
          }
          // Transient states (left at once by an eventless transition) show only in microsteps.
          visit((inspection.snapshot as AnyMachineSnapshot).value);
        }
      },
    });
    actor.start();
    const record = () => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      visit(snapshot.value);
      check?.(snapshot as SnapshotFrom<TMachine>);
      return snapshot;
    };
    record();
    events.forEach((event, index) => {
      actor.send(event as never);
      const snapshot = record();
      const expected = expectedValues[index];
      if (expected !== undefined && JSON.stringify(snapshot.value) !== JSON.stringify(expected)) {
        throw new Error(
          `Replaying ${JSON.stringify(events.map((e) => e.type))} reached ` +
            `${JSON.stringify(snapshot.value)} at step ${index}, the graph says ${JSON.stringify(expected)}: ` +
            'the state key misses some context a guard reads',
        );
      }
    });
    const last = actor.getSnapshot() as SnapshotFrom<TMachine>;
    actor.stop();
    coverage.paths.push(events);
    coverage.runs?.push(run);
    return last;
  };

  for (const path of shortest) {
    const steps = path.steps.slice(1);
    const prefix = steps.map((step) => step.event as EventObject);
    const values = steps.map((step) => (step.state as AnyMachineSnapshot).value);
    const end = replay(prefix, values);
    for (const event of accepted(end)) replay([...prefix, event as EventObject], values);
  }
  return coverage;
}

/** Every transition definition of the machine: `on`, `after`, invoke `onDone`/`onError`, `always`. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getAllDescendants(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

/** Every state node a configuration can hold (history pseudo-states excluded). */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getAllDescendants(machine.root)].filter(
    (node) => node.type !== 'history',
  );
}

export function describeTransition(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((target) => target.id).join(',') ?? '(none)';
  const guard = transition.guard === undefined ? '' : ` [${guardName(transition.guard)}]`;
  return `${transition.source.id} --${transition.eventType}${guard}--> ${targets}`;
}

/** `xstate.after.<delay>.<id>` for every delayed transition of the machine. */
export function timerEvents(machine: AnyStateMachine): EventObject[] {
  return [machine.root, ...getAllDescendants(machine.root)].flatMap((node) =>
    node.after.map((transition) => ({ type: transition.eventType })),
  );
}

/** `xstate.done.actor.<id>` and `xstate.error.actor.<id>` events with sample outputs and errors. */
export function actorEvents(
  samples: Record<string, { outputs?: unknown[]; errors?: unknown[] }>,
): EventObject[] {
  return Object.entries(samples).flatMap(([id, { outputs = [], errors = [] }]) => [
    ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
    ...errors.map((error) => ({ type: `xstate.error.actor.${id}`, error })),
  ]);
}

export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'inline';
}
