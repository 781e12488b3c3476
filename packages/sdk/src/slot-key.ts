/**
 * Appointment slot keys (spec §3): BranchId, ResourceId, ReasonId, StartTime and EndTime,
 * joined by `=` in that order.
 */
export interface SlotKeyParts {
  branchId: number;
  resourceId: number;
  reasonId: number;
  /** RFC 3339 date-time with the Helsinki offset. */
  startTime: string;
  /** RFC 3339 date-time with the Helsinki offset. */
  endTime: string;
}

const SEPARATOR = '=';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export class InvalidSlotKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid slot key "${key}": ${reason}`);
    this.name = 'InvalidSlotKeyError';
  }
}

function validate(parts: SlotKeyParts, key: string): SlotKeyParts {
  for (const name of ['branchId', 'resourceId', 'reasonId'] as const) {
    const value = parts[name];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidSlotKeyError(key, `${name} must be a positive integer`);
    }
  }
  for (const name of ['startTime', 'endTime'] as const) {
    if (!DATE_TIME.test(parts[name]) || Number.isNaN(Date.parse(parts[name]))) {
      throw new InvalidSlotKeyError(key, `${name} must be an RFC 3339 date-time`);
    }
  }
  if (Date.parse(parts.endTime) <= Date.parse(parts.startTime)) {
    throw new InvalidSlotKeyError(key, 'endTime must be after startTime');
  }
  return parts;
}

export function serializeSlotKey(parts: SlotKeyParts): string {
  const key = [
    parts.branchId,
    parts.resourceId,
    parts.reasonId,
    parts.startTime,
    parts.endTime,
  ].join(SEPARATOR);
  validate(parts, key);
  return key;
}

function toId(raw: string): number {
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : Number.NaN;
}

export function parseSlotKey(key: string): SlotKeyParts {
  const values = key.split(SEPARATOR);
  if (values.length !== 5) {
    throw new InvalidSlotKeyError(key, `expected 5 values joined by "=", got ${values.length}`);
  }
  const [branchId = '', resourceId = '', reasonId = '', startTime = '', endTime = ''] = values;
  return validate(
    {
      branchId: toId(branchId),
      resourceId: toId(resourceId),
      reasonId: toId(reasonId),
      startTime,
      endTime,
    },
    key,
  );
}
