import type { CheckKindId } from '../check-ids.ts';
import type { InvariantId } from '../invariants.ts';
import type { CheckCategory, ExchangeSummary } from '../types.ts';
import type { OperationId } from '@portal/sdk/contract';
import { isObject } from '../json.ts';
import { skip, type Runner } from '../runner.ts';
import type { TestUser } from '../types.ts';

export interface StepOptions {
  /** The step changes data (skipped in a read-only run, and so are the steps after it). */
  destructive?: boolean;
  /**
   * A failure of this step does not stop the steps after it; a function is asked once the step
   * has run: whether what the later steps need was made anyway (a booking answered 200, not 201).
   */
  soft?: boolean | (() => boolean);
  /** The business invariant the step holds the server to (`INVARIANTS`' id): its check id. */
  invariant?: InvariantId;
}

/**
 * A sequence of dependent checks: once a step fails or is skipped, the steps after it are
 * reported as skipped with the reason (unless the failed step was `soft`).
 */
export class Flow {
  private blocked: string | null = null;

  constructor(
    readonly runner: Runner,
    readonly title: string,
    /**
     * The check id of its steps (a step that holds an invariant has the invariant's); null for a
     * flow whose every step holds one.
     */
    readonly checkId: CheckKindId | null,
    /** The category of its steps: a flow checks a business rule unless it says otherwise. */
    readonly category: CheckCategory = 'business',
  ) {
    // A flow begun before the time box ran out runs to its end (it cleans up after itself); one
    // that would begin after it does not start.
    if (runner.timeUp()) this.block(runner.timeUpReason());
  }

  /** Every request of the flow's steps so far, for a failing step's reproducer. */
  private readonly history: ExchangeSummary[] = [];

  /** Stops the flow: every later step is skipped with this reason. */
  block(reason: string): void {
    this.blocked ??= reason;
  }

  get isBlocked(): boolean {
    return this.blocked !== null;
  }

  async step<T>(
    id: OperationId,
    name: string,
    options: StepOptions,
    run: () => Promise<T>,
  ): Promise<T | undefined> {
    const destructive = options.destructive ?? false;
    const checkId = options.invariant ?? this.checkId;
    if (checkId === null) throw new Error(`${this.title}: the step "${name}" has no check id`);
    if (this.blocked) {
      this.runner.skipped(id, name, this.blocked, {
        id: checkId,
        destructive,
        category: this.category,
        independent: false,
        ...(options.invariant === undefined ? {} : { invariant: options.invariant }),
      });
      return undefined;
    }
    let value: T | undefined;
    let done = false;
    const passed = await this.runner.check(
      id,
      name,
      {
        id: checkId,
        destructive,
        category: this.category,
        independent: false,
        ...(options.invariant === undefined ? {} : { invariant: options.invariant }),
        before: this.history,
        collect: (exchanges) => this.history.push(...exchanges),
      },
      async () => {
        value = await run();
        done = true;
      },
    );
    const soft = typeof options.soft === 'function' ? options.soft() : (options.soft ?? false);
    if (!passed && !soft) {
      this.blocked =
        destructive && !this.runner.destructive
          ? 'needs an earlier step that changes data; skipped in a read-only run (--no-destructive)'
          : done
            ? `an earlier step of the ${this.title} failed (${id}: ${name})`
            : `an earlier step of the ${this.title} did not pass (${id}: ${name})`;
    }
    return passed ? value : undefined;
  }
}

/** Whether any of the operations is selected (a flow runs only then). */
export function anySelected(runner: Runner, ids: readonly OperationId[]): boolean {
  return ids.some((id) => runner.has(id) && runner.isSelected(id));
}

/** Whether the contract has every operation a flow needs. */
export function hasAll(runner: Runner, ids: readonly OperationId[]): boolean {
  return ids.every((id) => runner.has(id));
}

/** The token of a user, or the reason the flow cannot run. */
export function tokenOrReason(
  runner: Runner,
  user: TestUser,
): { token: string } | { reason: string } {
  const token = runner.token(user);
  return token
    ? { token }
    : { reason: `no ${user} token (--login-as ${user} or --token ${user}=…)` };
}

/** Today in Europe/Helsinki as `YYYY-MM-DD`, offset by whole days. */
export function helsinkiDate(from: Date, offsetDays = 0): string {
  const date = new Date(from.getTime() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(date);
}

/** Whether a value is a date-time naming the same instant as `b` (offsets may differ). */
export const sameInstant = (a: unknown, b: string): boolean =>
  typeof a === 'string' && Date.parse(a) === Date.parse(b);

/** A JSON object field as a string, or undefined. */
export function stringField(value: unknown, field: string): string | undefined {
  return isObject(value) && typeof value[field] === 'string' ? value[field] : undefined;
}

export { PNG_1X1 } from '../samples.ts';

/** A value an earlier step produced; skips the check when that step gave nothing. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) skip(`needs ${what} from an earlier step`);
  return value;
}
