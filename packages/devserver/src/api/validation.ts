import {
  ContractSchemas,
  type ContractIndex,
  type ErrorObject,
  type OperationSpec,
} from '@portal/sdk/contract';
import type { FieldProblem } from '../core/result.ts';
import type { MessageKey } from '../core/messages.ts';
import { MAX_FIELD_ERRORS } from './errors.ts';
import { isWellFormedText } from '../core/text.ts';

/**
 * Validates requests (and, in tests, responses) against the contract's own schemas, so the
 * transports share one notion of a valid request; problems come as translatable field errors.
 */
export class ContractValidator {
  readonly schemas: ContractSchemas;

  constructor(index: ContractIndex) {
    this.schemas = ContractSchemas.of(index);
  }

  /** Field problems of a value against the schema at `pointer` (empty when valid). */
  check(pointer: string, value: unknown, prefix = ''): FieldProblem[] {
    // A null or an empty text where a value is required is a missing value ('Fill the field',
    // or the field's own wording such as 'Choose an office'), not a wrong type or format.
    return toProblems(this.schemas.errors(pointer, value), prefix).map((problem) =>
      MISSING_LOOKS.has(problem.message) && isEmpty(valueAt(value, problem.field, prefix))
        ? { field: problem.field, message: 'validation.required' }
        : problem,
    );
  }

  /** Coerces and checks path and query parameters; returns the typed values and problems. */
  checkParameters(
    operation: OperationSpec,
    raw: { path: Record<string, string>; query: Record<string, string | string[] | undefined> },
  ): { path: Record<string, unknown>; query: Record<string, unknown>; problems: FieldProblem[] } {
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const problems: FieldProblem[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const source = parameter.in === 'path' ? raw.path : raw.query;
      const value = source[parameter.name];
      // `branchIds=` is an empty list (form style), which an array's `minItems` may refuse; an
      // empty value of any other optional parameter is as if it were absent.
      const emptyList = value === '' && parameter.schema.type === 'array' && !parameter.required;
      if (emptyList) {
        problems.push(...this.check(parameter.pointer, [], parameter.name));
        continue;
      }
      if (value === undefined || value === '') {
        if (parameter.required)
          problems.push({ field: parameter.name, message: 'validation.required' });
        continue;
      }
      const coerced = coerce(value, parameter.schema);
      problems.push(...this.check(parameter.pointer, coerced, parameter.name));
      (parameter.in === 'path' ? path : query)[parameter.name] = coerced;
    }
    return { path, query, problems };
  }
}

function coerceScalar(value: string, schema: Record<string, unknown>): unknown {
  const type = schema.type ?? (schema.$ref ? 'ref' : undefined);
  if (type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (type === 'number' && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  // `$ref: Id` and other refs to integer schemas: numbers where the text is a whole number.
  if (type === 'ref' && String(schema.$ref).endsWith('/Id') && /^-?\d+$/.test(value))
    return Number(value);
  return value;
}

/** Query and path strings → the schema's types (arrays are `style: form, explode: false`). */
export function coerce(value: string | string[], schema: Record<string, unknown>): unknown {
  if (schema.type === 'array') {
    const items = (schema.items as Record<string, unknown>) ?? {};
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
    return parts.map((part) => coerceScalar(part, items));
  }
  return coerceScalar(Array.isArray(value) ? (value[0] ?? '') : value, schema);
}

function messageFor(
  error: ErrorObject,
  field: string,
): { message: MessageKey; params?: Record<string, string | number> } {
  const name = field.split('.').pop()?.toLowerCase() ?? '';
  switch (error.keyword) {
    case 'required':
      return { message: 'validation.required' };
    case 'format':
      return {
        message: error.params.format === 'email' ? 'validation.email' : 'validation.format',
      };
    case 'pattern':
      if (name.includes('phone')) return { message: 'validation.phone' };
      if (name.includes('postalcode')) return { message: 'validation.postalCode' };
      if (name === 'ssn') return { message: 'validation.ssn' };
      if (name.includes('email')) return { message: 'validation.email' };
      return { message: 'validation.format' };
    case 'maxLength':
    case 'maxItems':
      return { message: 'validation.tooLong', params: { limit: Number(error.params.limit) } };
    case 'minLength':
    case 'minItems':
      return Number(error.params.limit) <= 1
        ? { message: 'validation.required' }
        : { message: 'validation.tooShort', params: { limit: Number(error.params.limit) } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { message: 'validation.range' };
    case 'enum':
    case 'const':
      return { message: 'validation.choice' };
    default:
      return { message: 'validation.type' };
  }
}

const WEAK = new Set(['oneOf', 'anyOf', 'if', 'type']);

/** Ajv errors → one problem per field, the most telling one first. */
export function toProblems(errors: ErrorObject[], prefix: string): FieldProblem[] {
  const byField = new Map<string, { error: ErrorObject; weak: boolean }>();
  for (const error of errors) {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    const field = [prefix, ...segments].filter(Boolean).join('.') || prefix || 'body';
    const weak = WEAK.has(error.keyword);
    const seen = byField.get(field);
    if (!seen || (seen.weak && !weak)) byField.set(field, { error, weak });
  }
  return [...byField.entries()].map(([field, { error }]) => ({
    field,
    ...messageFor(error, field),
  }));
}

/** C0 control characters and DEL, but not tab, line feed and carriage return (multi-line text). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A field error for every text in a JSON body that holds a NUL or another control character:
 * nothing a person types, and something that breaks logs, exports and other systems. Walks the
 * value with a stack of its own (no recursion on request data) and stops at `limit` problems.
 */
export function controlCharacterProblems(value: unknown, limit = MAX_FIELD_ERRORS): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const pending: { value: unknown; field: string }[] = [{ value, field: '' }];
  for (let next = pending.pop(); next && problems.length < limit; next = pending.pop()) {
    const { value: current, field } = next;
    if (typeof current === 'string') {
      if (CONTROL.test(current))
        problems.push({ field: field || 'body', message: 'validation.controlCharacters' });
      // A lone surrogate (`"\ud800"`): half of a character, which no text of a form holds.
      else if (!isWellFormedText(current))
        problems.push({ field: field || 'body', message: 'validation.brokenCharacter' });
    } else if (current !== null && typeof current === 'object') {
      // Pushed last first, so that problems come in the body's order.
      for (const [key, item] of Object.entries(current).reverse()) {
        pending.push({ value: item, field: field ? `${field}.${key}` : key });
      }
    }
  }
  return problems;
}

/** Messages that, for a null or blank value, mean the value is missing. */
const MISSING_LOOKS = new Set<MessageKey>([
  'validation.type',
  'validation.tooShort',
  'validation.format',
  'validation.email',
  'validation.phone',
  'validation.postalCode',
  'validation.ssn',
]);

function isEmpty(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** The value at a problem's dotted field path (without the prefix), or undefined. */
function valueAt(value: unknown, field: string, prefix: string): unknown {
  const path = prefix && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
