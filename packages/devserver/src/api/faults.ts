import type { Schemas } from '@portal/sdk';
import { indexContract } from '@portal/sdk/contract';
import { invalid, ok, type ErrorCode, type Result } from '../core/result.ts';
import type { DevState } from '../core/state.ts';
import { pathGlob, type PathGlob } from './glob.ts';

type DevFault = Schemas['DevFault'];
type DevFaultRequest = Schemas['DevFaultRequest'];

/** The contract's error code a fault's status answers with, unless the fault names one. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'slot-taken',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  503: 'maintenance',
};

export function faultCode(fault: Pick<DevFault, 'status' | 'code'>): ErrorCode {
  if (fault.code) return fault.code;
  const status = fault.status ?? 500;
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'server-error' : 'bad-request');
}

/**
 * Injected faults of one state (each sandbox has its own; issue 34 item 5): a delay, an error
 * status with the contract's error body, or a dropped connection, for the requests of an
 * operation or a path pattern, optionally only the next few. The dev controls themselves are
 * never faulted, so QA can always take a fault away.
 */
export class Faults {
  private faults: (DevFault & { pattern: PathGlob | null })[] = [];
  private nextId = 1;

  /**
   * Adds a fault, or refuses one that names no operation the contract has (it would never
   * strike), names no requests at all, or does nothing to them.
   */
  add(request: DevFaultRequest): Result<DevFault> {
    if (request.operationId === undefined && request.path === undefined)
      return invalid({ field: 'operationId', message: 'dev.faultWithoutTarget' });
    if (request.operationId !== undefined && !isOperationId(request.operationId))
      return invalid({ field: 'operationId', message: 'dev.unknownOperation' });
    if (!request.delayMs && request.status === undefined && !request.drop)
      return invalid({ field: 'status', message: 'dev.faultWithoutEffect' });
    const fault: DevFault = {
      id: this.nextId++,
      operationId: request.operationId ?? null,
      path: request.path ?? null,
      method: request.method ?? null,
      delayMs: request.delayMs ?? 0,
      status: request.status ?? null,
      code: request.code ?? null,
      drop: request.drop ?? false,
      remaining: request.times ?? null,
      hits: 0,
    };
    this.faults.push({ ...fault, pattern: fault.path ? pathGlob(fault.path) : null });
    return ok(fault);
  }

  get size(): number {
    return this.faults.length;
  }

  list(): DevFault[] {
    return this.faults.map(({ pattern: _pattern, ...fault }) => fault);
  }

  remove(id: number): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault for this request, counted as used (null for none). */
  take(request: { operationId: string; method: string; path: string }): DevFault | null {
    const found = this.faults.find(
      (fault) =>
        (fault.operationId === null || fault.operationId === request.operationId) &&
        (fault.pattern === null || fault.pattern.test(request.path)) &&
        (fault.method === null || fault.method === request.method),
    );
    if (!found) return null;
    found.hits += 1;
    if (found.remaining !== null) {
      found.remaining -= 1;
      if (found.remaining <= 0) this.remove(found.id);
    }
    const { pattern: _pattern, ...fault } = found;
    return fault;
  }
}

const faultSets = new WeakMap<DevState, Faults>();

/** The faults of a state (the shared one or a sandbox's). */
export function faultsOf(state: DevState): Faults {
  let faults = faultSets.get(state);
  if (!faults) faultSets.set(state, (faults = new Faults()));
  return faults;
}

let operationIds: Set<string> | undefined;

/** Whether the contract has an operation of this id (a fault for a misspelt one never strikes). */
function isOperationId(id: string): boolean {
  operationIds ??= new Set(indexContract().operations.map((operation) => operation.operationId));
  return operationIds.has(id);
}
