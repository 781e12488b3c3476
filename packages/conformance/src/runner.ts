import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ContractSchemas,
  indexContract,
  type ContractIndex,
  type OperationId,
  type OperationSpec,
} from '@portal/sdk/contract';
import {
  buildUrl,
  send,
  unanswered,
  type CallSpec,
  type HttpAnswer,
  type HttpOptions,
  type RequestMethod,
} from './http.ts';
import { isSelectableCheck, type CheckId } from './check-ids.ts';
import { shapeOf } from './compare.ts';
import { Credentials, headerVariable, redact, tokenVariable } from './credentials.ts';
import { documentedExample } from './examples.ts';
import { INVARIANTS, type InvariantId } from './invariants.ts';
import { excerpt, isObject } from './json.ts';
import type { KeywordUse } from './request-keywords.ts';
import { Samples } from './samples.ts';
import {
  notRunMessage,
  ROLE_OF,
  timeUpMessage,
  TEST_USERS,
  type CheckCategory,
  type CheckResult,
  type ConformanceOptions,
  type ExchangeSummary,
  type StoppedRun,
  type TestUser,
} from './types.ts';

/** Thrown inside a check: the check failed with this message. */
export class CheckFailure extends Error {}
/** Thrown inside a check: the check could not run (missing token, nothing to work on…). */
export class CheckSkip extends Error {}

/**
 * Thrown inside a check once the server has stopped answering: the check is listed as not run
 * (a skip, so that whatever catches skips lets it through).
 */
class RunStopped extends CheckSkip {}

/**
 * Requests in a row that got no answer at all (refused, reset, timed out: an HTTP status, even a
 * 5xx, is an answer) before the checker asks the server once more whether it is there, and ends
 * the run when that goes unanswered too. A few, not one: a single request that stalls is that
 * check's failure, and the run goes on.
 */
const UNANSWERED_IN_A_ROW = 3;

/** The check running now: its requests, and which check it is. */
interface RunningCheck {
  exchanges: ExchangeSummary[];
  /** Counted from 1 as the checks ran. */
  number: number;
  operationId: OperationId;
  name: string;
}

/** Requests in a row that went unanswered, from the first. */
interface Silence {
  first: HttpAnswer;
  /** The check it began in (undefined between checks) and how many checks had begun by then. */
  check: RunningCheck | undefined;
  checksBegun: number;
  count: number;
  exchanges: ExchangeSummary[];
  /** The failed checks recorded since it began that met an unanswered request. */
  failed: CheckResult[];
}

/** The unanswered requests a stop keeps for the report (the first few: concurrent ones add up). */
const KEPT_UNANSWERED = 5;

export function fail(message: string): never {
  throw new CheckFailure(message);
}
export function skip(message: string): never {
  throw new CheckSkip(message);
}

/** One answer the server gave to an operation, kept for the checks over every answer. */
export interface Recorded {
  label: string;
  answer: HttpAnswer;
}

interface OperationState {
  spec: OperationSpec;
  selected: boolean;
  checks: CheckResult[];
  answers: Recorded[];
  /** The parameters sent at least once (`query:page`), for the coverage. */
  sent: Set<string>;
  /** The schema keywords of the request and which the probes broke, for the coverage. */
  keywords: KeywordNotes;
}

/** What the invalid-input probes did with an operation's schema keywords. */
export interface KeywordNotes {
  /** The keywords, as listed from the valid request the probes started from (null: no probes). */
  uses: KeywordUse[] | null;
  /** The keys of the keywords a probe broke (alone) and the server answered. */
  probed: Set<string>;
  /** Why a keyword was not probed, when the probes know (a cap). */
  why: Map<string, string>;
}

export interface CheckOptions {
  /**
   * The kind of check (`CHECK_LIST`), which `--checks` and `--exclude-checks` select by; a check
   * that holds an invariant is that invariant's id instead.
   */
  id: CheckId;
  /** The check changes data (skipped in a read-only run). */
  destructive?: boolean;
  /** Default `contract`; every check of a dev control is `dev`. */
  category?: CheckCategory;
  /**
   * The check stands alone (default): `--only-failed` may leave it out. A flow's steps do not (each
   * needs the ones before it).
   */
  independent?: boolean;
  /** The business invariant the check holds the server to (a check of a business rule). */
  invariant?: InvariantId;
  /** The requests of the flow before this check: a failure's reproducer starts with them. */
  before?: readonly ExchangeSummary[];
  /** Receives the check's requests when it is done (a flow keeps them for the next steps). */
  collect?: (exchanges: readonly ExchangeSummary[]) => void;
}

/** A short line describing an answer, for failure messages. */
export function describe(answer: HttpAnswer): string {
  const what = `${answer.method} ${new URL(answer.url).pathname}`;
  if (answer.status === null) return `${what}: ${answer.error ?? 'no answer'}`;
  const body = answer.text ? ` ${redact(excerpt(answer.text, 200))}` : '';
  return `${what} → ${answer.status}${answer.mediaType ? ` ${answer.mediaType}` : ''}${body}`;
}

/** An extra header's value this long is a secret (a key); shorter ones (a tenant id) are shown. */
const SECRET_HEADER_LENGTH = 8;

/** The state of one run: the contract, the tokens, every answer and every check. */
export class Runner {
  readonly index: ContractIndex;
  readonly document: Record<string, unknown>;
  readonly schemas: ContractSchemas;
  readonly samples: Samples;
  readonly destructive: boolean;
  /** The seed of the generated bodies. */
  readonly seed: number;
  readonly tokens = new Map<TestUser, string>();
  /** What the reports write as shell variables, and the reproducers of the run's requests. */
  readonly credentials = new Credentials();
  readonly setup: CheckResult[] = [];
  private readonly http: HttpOptions;
  private readonly states = new Map<OperationId, OperationState>();
  private readonly current = new AsyncLocalStorage<RunningCheck>();
  private readonly memo = new Map<string, Promise<unknown>>();
  /** Checks begun so far (the N of "stopped answering at check N"). */
  private checksBegun = 0;
  /** Requests sent so far. */
  requestsSent = 0;
  private silence: Silence | null = null;
  /** The one question "are you still there?" in flight, which concurrent requests share. */
  private stillThere: Promise<void> | null = null;
  /** Set once the server has stopped answering: nothing more is sent. */
  stopped: Omit<StoppedRun, 'notRun'> | null = null;
  /** The time box's clock (ms) and when it runs out (null: no time box). */
  private readonly clock: () => number;
  private readonly deadline: number | null;
  /** The check that first found the time up (counted as `checksBegun`), or null. */
  timeUpAt: number | null = null;
  /** `--checks`: the only check ids run (null: all); `--exclude-checks`: ids left out. */
  private readonly onlyIds: ReadonlySet<string> | null;
  private readonly excludedIds: ReadonlySet<string>;

  constructor(readonly options: ConformanceOptions) {
    this.index = options.contract ?? indexContract();
    this.document = this.index.document;
    this.schemas = new ContractSchemas(this.index);
    this.samples = new Samples(this.document, this.schemas);
    this.destructive = options.destructive ?? true;
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.http = {
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 10_000,
      language: options.language ?? 'en',
      fetch: options.fetch ?? fetch,
      headers: { ...options.headers },
    };
    this.clock = options.now ?? (() => performance.now());
    this.deadline =
      options.maxTimeSeconds === undefined ? null : this.clock() + options.maxTimeSeconds * 1000;
    for (const [name, value] of Object.entries(options.headers ?? {}))
      if (value.length >= SECRET_HEADER_LENGTH) this.credentials.keep(value, headerVariable(name));
    this.onlyIds = options.checks ? new Set(options.checks) : null;
    this.excludedIds = new Set(options.excludeChecks ?? []);
    const only = options.operations ? new Set(options.operations) : null;
    for (const spec of this.index.operations) {
      const selected =
        (!only || only.has(spec.operationId)) &&
        (!options.publishedOnly || spec.status === 'published');
      this.states.set(spec.operationId, {
        spec,
        selected,
        checks: [],
        answers: [],
        sent: new Set(),
        keywords: { uses: null, probed: new Set(), why: new Map() },
      });
    }
    if (only) {
      const unknown = [...only].filter((id) => !this.index.byId.has(id as OperationId));
      if (unknown.length > 0) throw new Error(`unknown operations: ${unknown.join(', ')}`);
    }
    const unknownIds = [...(this.onlyIds ?? []), ...this.excludedIds].filter(
      (id) => !isSelectableCheck(id),
    );
    if (unknownIds.length > 0) throw new Error(`unknown check ids: ${unknownIds.join(', ')}`);
  }

  op(id: OperationId): OperationSpec {
    const spec = this.index.byId.get(id);
    if (!spec) throw new Error(`the contract has no operation ${id}`);
    return spec;
  }

  has(id: string): id is OperationId {
    return this.index.byId.has(id as OperationId);
  }

  /** Whether checks of this id are selected (`--checks`, `--exclude-checks`). */
  wants(id: CheckId): boolean {
    return (this.onlyIds === null || this.onlyIds.has(id)) && !this.excludedIds.has(id);
  }

  /**
   * Whether a flow runs: its own id or the id of an invariant among its steps is selected. Its
   * other steps then run too (the selected ones need them), unreported.
   */
  wantsFlow(id: NonNullable<(typeof INVARIANTS)[number]['flow']>): boolean {
    return this.wants(id) || INVARIANTS.some((i) => i.flow === id && this.wants(i.id));
  }

  isSelected(id: OperationId): boolean {
    return this.states.get(id)?.selected ?? false;
  }

  selected(): OperationSpec[] {
    return [...this.states.values()].filter((s) => s.selected).map((s) => s.spec);
  }

  state(id: OperationId): OperationState {
    const state = this.states.get(id);
    if (!state) throw new Error(`the contract has no operation ${id}`);
    return state;
  }

  /** An exchange for the report, the run's secrets as shell variables (`Credentials.record`). */
  summarize(label: string, answer: HttpAnswer, operationId?: OperationId): ExchangeSummary {
    const summary = this.credentials.record(label, answer);
    if (operationId !== undefined) summary.operationId = operationId;
    if (this.options.keepShapes && answer.isJson) summary.shape = shapeOf(answer.json);
    return summary;
  }

  /** Text for the report: the run's secrets as shell variables, other credentials redacted. */
  clean(text: string): string {
    return this.credentials.clean(text);
  }

  /** Uses a token for a test user; the reports write it as `$PATIENT_TOKEN`. */
  private addToken(user: TestUser, token: string): void {
    this.tokens.set(user, token);
    this.credentials.keep(token, tokenVariable(user));
  }

  /** The token of a test user, or null. */
  token(user: TestUser): string | null {
    return this.tokens.get(user) ?? null;
  }

  /** Whether a test user's role may call an operation (x-roles; `patient` means any signed-in user). */
  allows(spec: OperationSpec, user: TestUser): boolean {
    if (spec.isPublic) return true;
    return spec.roles.includes('patient') || spec.roles.includes(ROLE_OF[user]);
  }

  /** A signed-in test user allowed to call the operation (patient first), or null. */
  callerFor(spec: OperationSpec): TestUser | null {
    const order: TestUser[] = ['patient', 'admin', 'content-manager'];
    return order.find((user) => this.tokens.has(user) && this.allows(spec, user)) ?? null;
  }

  /** The read that tells whether the server is there at all: a public `GET` without ids. */
  healthRead(): OperationSpec | undefined {
    const id = (['getConfig', 'listBranches'] as const).find((candidate) => this.has(candidate));
    return id
      ? this.op(id)
      : this.index.operations.find(
          (o) => o.isPublic && o.method === 'GET' && !o.path.includes('{'),
        );
  }

  /** Why a check was not run once the server stopped answering (each such check says so). */
  notRunReason(): string {
    return notRunMessage({ atCheck: this.stopped?.atCheck ?? 0 });
  }

  /**
   * Whether the time box has run out (it stays out once it has): no new check starts then, and
   * each says `timeUpReason()`.
   */
  timeUp(): boolean {
    if (this.timeUpAt !== null) return true;
    if (this.deadline === null || this.clock() < this.deadline) return false;
    this.timeUpAt = this.checksBegun + 1;
    return true;
  }

  /** Why a check did not start once the time box ran out. */
  timeUpReason(): string {
    return timeUpMessage({ maxTimeSeconds: this.options.maxTimeSeconds ?? 0 });
  }

  /**
   * Sends one call, minding whether the server still answers. Once it has stopped, nothing is
   * sent: inside a check the check ends as not run; elsewhere the call gets no answer (null).
   */
  private async transmit(
    spec: OperationSpec,
    call: CallSpec,
    label: string,
  ): Promise<HttpAnswer | null> {
    if (!this.stopped) {
      this.requestsSent += 1;
      const answer = await send(this.http, this.document, spec, call);
      if (answer.status !== null) {
        this.silence = null;
        return answer;
      }
      await this.unanswered(answer, label);
      if (!this.stopped) return answer;
    }
    if (this.current.getStore()) throw new RunStopped(this.notRunReason());
    return null;
  }

  /** Counts a request that got no answer; a few in a row and the server is asked once more. */
  private async unanswered(answer: HttpAnswer, label: string): Promise<void> {
    const check = this.current.getStore();
    this.silence ??= {
      first: answer,
      check,
      checksBegun: this.checksBegun,
      count: 0,
      exchanges: [],
      failed: [],
    };
    const silence = this.silence;
    silence.count += 1;
    if (silence.exchanges.length < KEPT_UNANSWERED)
      silence.exchanges.push(this.summarize(label, answer));
    if (silence.count < UNANSWERED_IN_A_ROW) return;
    this.stillThere ??= this.askStillThere(silence).finally(() => {
      this.stillThere = null;
    });
    await this.stillThere;
  }

  /**
   * Asks the server whether it is still there (its health read). An answer, any status, and the
   * run goes on (the unanswered requests stay their checks' failures); none (or no read to ask
   * with), and the run stops: the failed checks of the silence are listed as not run, their
   * failure is the stop's.
   */
  private async askStillThere(silence: Silence): Promise<void> {
    const spec = this.healthRead();
    if (spec) this.requestsSent += 1;
    const answer = spec ? await send(this.http, this.document, spec, {}) : null;
    if ((answer && answer.status !== null) || this.silence !== silence) {
      if (this.silence === silence) this.silence = null;
      return;
    }
    const { check } = silence;
    this.stopped = {
      atCheck: check?.number ?? silence.checksBegun + 1,
      operationId: check?.operationId ?? null,
      check: check?.name ?? null,
      error: this.clean(describe(silence.first)),
      exchanges: [
        ...silence.exchanges,
        ...(answer ? [this.summarize('is the server still there', answer)] : []),
      ],
    };
    for (const result of silence.failed) {
      result.outcome = 'skipped';
      result.message = this.notRunReason();
      delete result.reproduce;
    }
  }

  /** Sends one call without keeping the answer (setup requests). */
  async request(spec: OperationSpec, call: CallSpec): Promise<HttpAnswer> {
    return (
      (await this.transmit(spec, call, spec.operationId)) ??
      unanswered(
        spec.method,
        buildUrl(this.document, spec, this.http.baseUrl, call),
        this.notRunReason(),
      )
    );
  }

  /** Sends one call; the answer is kept for the operation's checks and the running check. */
  async call(id: OperationId, label: string, call: CallSpec): Promise<HttpAnswer> {
    const state = this.state(id);
    const refused = this.readOnlyRefusal(state.spec.method, state.spec.path);
    if (refused) return refused;
    const answer = await this.transmit(state.spec, call, label);
    if (!answer) {
      const url = buildUrl(this.document, state.spec, this.http.baseUrl, call);
      return unanswered(state.spec.method, url, this.notRunReason());
    }
    if (state.selected) state.answers.push({ label, answer });
    for (const [where, values] of [
      ['path', call.path],
      ['query', call.query],
    ] as const) {
      for (const [name, value] of Object.entries(values ?? {}))
        if (value !== undefined) state.sent.add(`${where}:${name}`);
    }
    for (const name of Object.keys(answer.requestHeaders)) state.sent.add(`header:${name}`);
    // A parameter sent with its documented example exercised it.
    for (const parameter of state.spec.parameters) {
      const value =
        parameter.in === 'path'
          ? call.path?.[parameter.name]
          : parameter.in === 'query'
            ? call.query?.[parameter.name]
            : answer.requestHeaders[parameter.name.toLowerCase()];
      const example = documentedExample(this.document, parameter.pointer);
      if (value !== undefined && example !== undefined && String(value) === String(example))
        this.usedExamples.add(parameter.pointer);
    }
    // Every answer is recorded, in a check or not: what it issued is a variable from now on.
    const summary = this.summarize(label, answer, id);
    this.current.getStore()?.exchanges.push(summary);
    return answer;
  }

  /**
   * A read-only run (`--no-destructive`) sends no write at all, not even one a conformant server
   * refuses: inside a check the check is skipped; elsewhere the call gets no answer (status null).
   */
  private readOnlyRefusal(method: RequestMethod, path: string): HttpAnswer | null {
    if (this.destructive || method === 'GET') return null;
    const reason = `would send ${method} ${path}: a read-only run (--no-destructive) sends no write`;
    if (this.current.getStore()) skip(reason);
    return unanswered(method, `${this.http.baseUrl}${path}`, reason);
  }

  /**
   * Sends an operation's call with a method its path does not declare; the answer goes to the
   * running check only (it is not the operation's answer, so the answer checks leave it alone).
   */
  async callWithMethod(
    id: OperationId,
    method: RequestMethod,
    label: string,
    call: CallSpec,
  ): Promise<HttpAnswer> {
    const { spec } = this.state(id);
    const refused = this.readOnlyRefusal(method, spec.path);
    if (refused) return refused;
    const answer =
      (await this.transmit(spec, { ...call, method }, label)) ??
      unanswered(
        method,
        buildUrl(this.document, spec, this.http.baseUrl, call),
        this.notRunReason(),
      );
    const summary = this.summarize(label, answer, id);
    this.current.getStore()?.exchanges.push(summary);
    return answer;
  }

  /**
   * Runs one check of an operation. It passes unless `run` throws: `fail()` fails it, `skip()`
   * skips it, anything else fails it as a checker error. Checks of operations that are not
   * selected still run (flows need their results) but are not reported; so do a flow's steps
   * whose check id is not selected, while an independent check of such an id is not run at all.
   * Once the server has stopped answering, a check is not run (listed so), and one it stopped
   * during did not run to its end either: its failure is the stop's, reported once.
   */
  async check(
    id: OperationId,
    name: string,
    options: CheckOptions,
    run: () => Promise<void>,
  ): Promise<boolean> {
    const state = this.state(id);
    const independent = options.independent ?? true;
    const checkId = options.invariant ?? options.id;
    const only = this.options.onlyChecks?.[id];
    if (state.selected && only && independent && !only.includes(name)) return true;
    if (!this.wants(checkId) && independent) return true;
    const reported = state.selected && this.wants(checkId);
    const destructive = options.destructive ?? false;
    const category = this.categoryOf(state.spec, options);
    const exchanges: ExchangeSummary[] = [];
    // Asked before it counts: the check that finds the time up is the first not to run.
    const late = !this.stopped && independent && this.timeUp();
    this.checksBegun += 1;
    const running: RunningCheck = { exchanges, number: this.checksBegun, operationId: id, name };
    const started = performance.now();
    let outcome: CheckResult['outcome'] = 'passed';
    let message: string | undefined;
    let reproduce: string | undefined;
    if (this.stopped) {
      outcome = 'skipped';
      message = this.notRunReason();
    } else if (late) {
      outcome = 'skipped';
      message = this.timeUpReason();
    } else if (destructive && !this.destructive) {
      outcome = 'skipped';
      message = 'changes data on the server; skipped in a read-only run (--no-destructive)';
    } else {
      try {
        await this.current.run(running, run);
      } catch (error) {
        if (error instanceof CheckSkip) {
          outcome = 'skipped';
          message = error.message;
        } else {
          outcome = 'failed';
          message =
            error instanceof CheckFailure
              ? error.message
              : `checker error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
        }
      }
      if (this.stopped && outcome === 'failed') {
        outcome = 'skipped';
        message = this.notRunReason();
      }
    }
    // A message may quote an answer: the run's secrets are written as their variables there too.
    if (message !== undefined) message = this.clean(message);
    if (options.before && options.before.length > 0 && outcome === 'failed') {
      reproduce = this.credentials.flowScript([...options.before, ...exchanges]);
    }
    options.collect?.(exchanges);
    if (reported) {
      const result: CheckResult = {
        id: checkId,
        name,
        outcome,
        ...(message === undefined ? {} : { message }),
        ...(reproduce === undefined ? {} : { reproduce }),
        destructive,
        category,
        ...(options.invariant === undefined ? {} : { invariant: options.invariant }),
        exchanges,
        durationMs: Math.round(performance.now() - started),
      };
      state.checks.push(result);
      // A failure that met no answer may be the server going away: the stop, if it comes, says so.
      if (outcome === 'failed' && this.silence && exchanges.some((e) => e.status === null))
        this.silence.failed.push(result);
    }
    return outcome === 'passed';
  }

  /**
   * A check's category: a business rule for an invariant's check (even one that needs the dev
   * controls), `dev` for every other check of a dev control, otherwise as given.
   */
  private categoryOf(spec: OperationSpec, options: CheckOptions): CheckCategory {
    if (options.invariant !== undefined) return 'business';
    return spec.tags.includes('dev') ? 'dev' : (options.category ?? 'contract');
  }

  /** Records a check that was not run, with the reason. */
  skipped(id: OperationId, name: string, reason: string, options: CheckOptions): void {
    const state = this.state(id);
    const checkId = options.invariant ?? options.id;
    if (!state.selected || !this.wants(checkId)) return;
    const only = this.options.onlyChecks?.[id];
    if (only && (options.independent ?? true) && !only.includes(name)) return;
    state.checks.push({
      id: checkId,
      name,
      outcome: 'skipped',
      // After the stop every check goes unrun, whatever else would have kept it from running.
      message: this.stopped ? this.notRunReason() : reason,
      destructive: options.destructive ?? false,
      category: this.categoryOf(state.spec, options),
      ...(options.invariant === undefined ? {} : { invariant: options.invariant }),
      exchanges: [],
      durationMs: 0,
    });
  }

  /** The contract examples a request was built from, by the pointer of their schema. */
  readonly usedExamples = new Set<string>();

  /** Notes that a request was built from the example documented at `pointer`, if it was. */
  noteExample(pointer: string, value: unknown): void {
    const example = documentedExample(this.document, pointer);
    if (example !== undefined && JSON.stringify(example) === JSON.stringify(value))
      this.usedExamples.add(pointer);
  }

  /** Computes a value once per run (discovery of ids and other shared facts). */
  once<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      this.memo.set(key, value);
      // A skip (a write refused in a read-only run) belongs to the check that met it: the next
      // caller computes again.
      value.catch((error: unknown) => {
        if (error instanceof CheckSkip) this.memo.delete(key);
      });
    }
    return value;
  }

  /** Signs in the test users of `loginAs` through `POST /api/dev/session`; takes given tokens. */
  async signIn(): Promise<void> {
    for (const [user, token] of Object.entries(this.options.tokens ?? {})) {
      if (token) this.addToken(user as TestUser, token);
    }
    const wanted = (this.options.loginAs ?? []).filter((user) => !this.tokens.has(user));
    if (wanted.length === 0) return;
    const spec = this.index.byId.get('createDevSession');
    for (const user of wanted) {
      const started = performance.now();
      const name = `signs in as ${user} through POST /api/dev/session`;
      if (!spec) {
        this.setup.push({
          id: 'signs_in',
          name,
          outcome: 'failed',
          message: 'the contract has no createDevSession',
          destructive: false,
          category: 'auth',
          exchanges: [],
          durationMs: 0,
        });
        continue;
      }
      const answer = await this.request(spec, { json: { user } });
      const token = isObject(answer.json) ? answer.json.access_token : undefined;
      const ok = answer.status === 200 && typeof token === 'string';
      if (ok) this.addToken(user, token);
      this.setup.push({
        id: 'signs_in',
        name,
        outcome: ok ? 'passed' : 'failed',
        ...(ok ? {} : { message: this.clean(`no token: ${describe(answer)}`) }),
        destructive: false,
        category: 'auth',
        exchanges: [this.summarize(`sign in as ${user}`, answer)],
        durationMs: Math.round(performance.now() - started),
      });
    }
  }

  /**
   * Each token's user as the server sees it (`getMe`), against what the checks need of them: the
   * role (`WebRole`), and the terms accepted except by `first-login`. Returns what is wrong, one
   * line a user; each answer is in the setup checks. Nothing to check without `getMe`.
   */
  async verifyTokens(): Promise<string[]> {
    const spec = this.index.byId.get('getMe');
    if (!spec) return [];
    const wrong: string[] = [];
    for (const [user, token] of this.tokens) {
      const started = performance.now();
      const answer = await this.request(spec, { token });
      const me = isObject(answer.json) ? answer.json : {};
      const role = typeof me.WebRole === 'string' ? me.WebRole : undefined;
      const kind =
        role === 'admin' ? 'admin' : role === 'contentManager' ? 'contentManager' : 'patient';
      const terms = me.TermsAccepted;
      let problem: string | undefined;
      if (answer.status !== 200) {
        problem =
          answer.status === 401
            ? `the token for ${user} is rejected (401): expired, revoked or not this server's`
            : `GET ${spec.path} with the token for ${user}: ${describe(answer)}`;
      } else if (kind !== ROLE_OF[user]) {
        problem = `the token for ${user} belongs to a user whose WebRole is "${role ?? ''}", not ${ROLE_OF[user]}`;
      } else if (user === 'first-login' && terms !== false) {
        problem = `the token for first-login belongs to a user who has accepted the terms: the terms checks need one who has not`;
      } else if (user !== 'first-login' && terms === false) {
        problem = `the token for ${user} belongs to a user who has not accepted the terms: every call would answer 403 terms-not-accepted`;
      }
      this.setup.push({
        id: 'token_fits_user',
        name: `the token for ${user} is a ${user === 'first-login' ? 'patient who has not accepted the terms' : ROLE_OF[user]}`,
        outcome: problem === undefined ? 'passed' : 'failed',
        ...(problem === undefined ? {} : { message: this.clean(problem) }),
        destructive: false,
        category: 'auth',
        exchanges: [this.summarize(`who is ${user}`, answer)],
        durationMs: Math.round(performance.now() - started),
      });
      if (problem !== undefined) wrong.push(this.clean(problem));
    }
    return wrong;
  }

  signedIn(): TestUser[] {
    return TEST_USERS.filter((user) => this.tokens.has(user));
  }
}
