import { indexContract, type MediaSpec, type OperationSpec } from '@portal/sdk/contract';

type Json = Record<string, unknown>;

/**
 * What changed. Most kinds are breaking or not by themselves (`BREAKING`); enum and type changes
 * depend on the direction: a request that accepts fewer values, or a response that may send more,
 * breaks the other side.
 */
export type ChangeKind =
  | 'operation-removed'
  | 'operation-added'
  | 'role-narrowed'
  | 'role-widened'
  | 'status-removed'
  | 'status-added'
  | 'parameter-required'
  | 'parameter-added'
  | 'parameter-removed'
  | 'request-body-required'
  | 'request-field-required'
  | 'request-field-added'
  | 'request-field-removed'
  | 'response-field-removed'
  | 'response-field-added'
  | 'enum-narrowed'
  | 'enum-widened'
  | 'type-changed'
  | 'media-type-removed'
  | 'media-type-added';

/** Changes that can make an existing client or server stop working. */
export const BREAKING: ReadonlySet<ChangeKind> = new Set<ChangeKind>([
  'operation-removed',
  'role-narrowed',
  'status-removed',
  'parameter-required',
  'request-body-required',
  'request-field-required',
  'response-field-removed',
  'enum-narrowed',
  'type-changed',
  'media-type-removed',
]);

export interface ContractChange {
  kind: ChangeKind;
  breaking: boolean;
  operationId: string;
  method: string;
  path: string;
  /** The operation's `x-status` in the old contract (new ones: in the new contract). */
  status: 'published' | 'proposed';
  /** Where: `request body: customer.email`, `200 response: days[].freeSlots`, `query parameter month`. */
  location: string;
  /** A sentence saying what changed. */
  message: string;
}

export interface ContractDiff {
  changes: ContractChange[];
  breaking: ContractChange[];
  /** Breaking changes to operations published in the old contract: these fail the command. */
  publishedBreaking: ContractChange[];
}

interface SchemaView {
  types: Set<string>;
  enumValues: unknown[] | null;
  /**
   * The enum says it grows (`x-extensible: true`): clients were told to take an unknown value as
   * the generic case, so sending a new one breaks nobody. The old contract's word counts.
   */
  extensible: boolean;
  properties: Map<string, Json>;
  required: Set<string>;
  items: Json | null;
}

function resolveRef(document: Json, node: unknown): Json {
  let current = node as Json;
  for (let depth = 0; depth < 32 && typeof current?.$ref === 'string'; depth++) {
    const ref = current.$ref as string;
    let target: unknown = document;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      target = (target as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = (target as Json) ?? {};
  }
  return current ?? {};
}

/**
 * A schema as a client sees it: its types (`oneOf`/`anyOf` members and `allOf` parts merged, so
 * that `oneOf: [X, {type: 'null'}]` reads as "X or null"), enum, properties, required names, items.
 */
function view(document: Json, node: unknown, seen = new Set<unknown>()): SchemaView {
  const schema = resolveRef(document, node);
  const result: SchemaView = {
    types: new Set(),
    enumValues: null,
    extensible: schema['x-extensible'] === true,
    properties: new Map(),
    required: new Set(),
    items: null,
  };
  if (seen.has(schema)) return result;
  seen.add(schema);
  const type = schema.type;
  if (typeof type === 'string') result.types.add(type);
  if (Array.isArray(type)) for (const t of type) result.types.add(String(t));
  if (Array.isArray(schema.enum)) result.enumValues = [...(schema.enum as unknown[])];
  if ('const' in schema) result.enumValues = [schema.const];
  for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {})) {
    result.properties.set(name, property as Json);
  }
  for (const name of (schema.required as string[] | undefined) ?? []) result.required.add(name);
  if (schema.items) result.items = schema.items as Json;
  const merge = (part: SchemaView, all: boolean) => {
    for (const t of part.types) result.types.add(t);
    for (const [name, property] of part.properties) {
      if (!result.properties.has(name)) result.properties.set(name, property);
    }
    if (all) for (const name of part.required) result.required.add(name);
    if (part.enumValues) result.enumValues = [...(result.enumValues ?? []), ...part.enumValues];
    result.extensible ||= part.extensible;
    result.items ??= part.items;
  };
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    merge(view(document, part, seen), true);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    for (const part of (schema[key] as unknown[] | undefined) ?? []) {
      merge(view(document, part, seen), false);
    }
  }
  if (result.types.size === 0 && result.properties.size > 0) result.types.add('object');
  return result;
}

type Direction = 'request' | 'response';

interface Emit {
  (kind: ChangeKind, location: string, message: string, breaking?: boolean): void;
}

const show = (values: Iterable<unknown>) => [...values].map((v) => JSON.stringify(v)).join(', ');

/**
 * Compares two schemas of one place. A request may not start refusing what it accepted (fewer
 * types or enum values, a field newly required); a response may not stop sending what clients read
 * (a field removed) nor send what they do not expect (more types or enum values).
 */
function compareSchemas(
  oldDoc: Json,
  newDoc: Json,
  before: unknown,
  after: unknown,
  direction: Direction,
  location: string,
  emit: Emit,
  depth = 0,
): void {
  if (depth > 12) return;
  const a = view(oldDoc, before);
  const b = view(newDoc, after);
  const lost = [...a.types].filter((t) => !b.types.has(t));
  const gained = [...b.types].filter((t) => !a.types.has(t));
  const typeBreaks = direction === 'request' ? lost.length > 0 : gained.length > 0;
  if (a.types.size > 0 && b.types.size > 0 && (lost.length > 0 || gained.length > 0)) {
    const message = `type ${[...a.types].join(' | ')} → ${[...b.types].join(' | ')}`;
    emit('type-changed', location, message, typeBreaks);
  }
  if (a.enumValues && b.enumValues) {
    const removed = a.enumValues.filter((v) => !b.enumValues?.includes(v));
    const added = b.enumValues.filter((v) => !a.enumValues?.includes(v));
    const verb = direction === 'request' ? 'accepts' : 'sends';
    if (removed.length > 0) {
      emit(
        'enum-narrowed',
        location,
        `no longer ${verb} ${show(removed)}`,
        direction === 'request',
      );
    }
    if (added.length > 0) {
      emit(
        'enum-widened',
        location,
        `now also ${verb} ${show(added)}${a.extensible ? ' (an extensible enum)' : ''}`,
        direction === 'response' && !a.extensible,
      );
    }
  } else if (!a.enumValues && b.enumValues && direction === 'request') {
    emit('enum-narrowed', location, `now accepts only ${show(b.enumValues)}`);
  }

  const at = (name: string) =>
    location.endsWith(':') ? `${location} ${name}` : `${location}.${name}`;
  for (const [name, property] of a.properties) {
    const next = b.properties.get(name);
    if (next === undefined) {
      emit(
        direction === 'request' ? 'request-field-removed' : 'response-field-removed',
        at(name),
        direction === 'request' ? 'no longer accepted' : 'no longer sent',
      );
      continue;
    }
    if (direction === 'request' && !a.required.has(name) && b.required.has(name)) {
      emit('request-field-required', at(name), 'now required');
    }
    if (direction === 'response' && a.required.has(name) && !b.required.has(name)) {
      emit('response-field-removed', at(name), 'no longer always sent (now optional)');
    }
    compareSchemas(oldDoc, newDoc, property, next, direction, at(name), emit, depth + 1);
  }
  for (const name of b.properties.keys()) {
    if (a.properties.has(name)) continue;
    if (direction === 'request') {
      emit(
        b.required.has(name) ? 'request-field-required' : 'request-field-added',
        at(name),
        b.required.has(name) ? 'new and required' : 'new, optional',
      );
    } else {
      emit('response-field-added', at(name), 'new');
    }
  }
  if (a.items && b.items) {
    const items = location.endsWith(':') ? `${location} []` : `${location}[]`;
    compareSchemas(oldDoc, newDoc, a.items, b.items, direction, items, emit, depth + 1);
  }
}

function schemaOf(document: Json, pointer: string | null): unknown {
  if (pointer === null) return null;
  let target: unknown = document;
  for (const part of pointer.replace(/^\//, '').split('/')) {
    target = (target as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return target;
}

/** The media types of a body (request or response): a type gone, or each one's schema compared. */
function compareContent(
  oldDoc: Json,
  newDoc: Json,
  before: readonly MediaSpec[],
  after: readonly MediaSpec[],
  how: { direction: Direction; place: string; gone: (type: string) => string; emit: Emit },
): void {
  for (const media of before) {
    const next = after.find((m) => m.contentType === media.contentType);
    const location = `${how.place} (${media.contentType}):`;
    if (!next) {
      how.emit('media-type-removed', location, how.gone(media.contentType));
      continue;
    }
    compareSchemas(
      oldDoc,
      newDoc,
      schemaOf(oldDoc, media.pointer),
      schemaOf(newDoc, next.pointer),
      how.direction,
      location,
      how.emit,
    );
  }
}

function compareOperation(
  oldDoc: Json,
  newDoc: Json,
  a: OperationSpec,
  b: OperationSpec,
  emit: Emit,
) {
  for (const role of a.roles) {
    if (!b.roles.includes(role)) emit('role-narrowed', 'x-roles', `${role} may no longer call it`);
  }
  for (const role of b.roles) {
    if (!a.roles.includes(role)) emit('role-widened', 'x-roles', `${role} may now call it`);
  }

  const key = (p: { in: string; name: string }) => `${p.in} ${p.name.toLowerCase()}`;
  const oldParams = new Map(a.parameters.map((p) => [key(p), p]));
  const newParams = new Map(b.parameters.map((p) => [key(p), p]));
  for (const [name, parameter] of newParams) {
    const before = oldParams.get(name);
    const location = `${parameter.in} parameter ${parameter.name}`;
    if (!before) {
      emit(
        parameter.required ? 'parameter-required' : 'parameter-added',
        location,
        parameter.required ? 'new and required' : 'new, optional',
      );
      continue;
    }
    if (!before.required && parameter.required) {
      emit('parameter-required', location, 'now required');
    }
    compareSchemas(oldDoc, newDoc, before.schema, parameter.schema, 'request', location, emit);
  }
  for (const [name, parameter] of oldParams) {
    if (!newParams.has(name)) {
      emit('parameter-removed', `${parameter.in} parameter ${parameter.name}`, 'no longer read');
    }
  }

  if (b.requestBody) {
    if (b.requestBody.required && !a.requestBody?.required) {
      emit('request-body-required', 'request body', 'a body is now required');
    }
    compareContent(oldDoc, newDoc, a.requestBody?.content ?? [], b.requestBody.content, {
      direction: 'request',
      place: 'request body',
      gone: (type) => `${type} no longer accepted`,
      emit,
    });
  } else if (a.requestBody) {
    emit('media-type-removed', 'request body', 'the body is no longer read');
  }

  for (const response of a.responses) {
    const next = b.responses.find((r) => r.status === response.status);
    if (!next) {
      emit(
        'status-removed',
        `${response.status} response`,
        `${response.status} is no longer answered`,
      );
      continue;
    }
    compareContent(oldDoc, newDoc, response.content, next.content, {
      direction: 'response',
      place: `${response.status} response`,
      gone: (type) => `${type} is no longer sent`,
      emit,
    });
  }
  for (const response of b.responses) {
    if (!a.responses.some((r) => r.status === response.status)) {
      emit('status-added', `${response.status} response`, `${response.status} may now be answered`);
    }
  }
}

/**
 * The changes from one contract to the next, per operation (matched by method and path), each
 * classified as breaking or not. A breaking change to an operation published in the old contract
 * is what must not happen to the clinic's existing API.
 */
export function diffContracts(oldDocument: Json, newDocument: Json): ContractDiff {
  const before = indexContract(oldDocument);
  const after = indexContract(newDocument);
  const changes: ContractChange[] = [];
  const keyOf = (o: OperationSpec) => `${o.method} ${o.path}`;
  const newByKey = new Map(after.operations.map((o) => [keyOf(o), o]));
  const oldKeys = new Set(before.operations.map(keyOf));

  for (const a of before.operations) {
    const emit: Emit = (kind, location, message, breaking = BREAKING.has(kind)) =>
      changes.push({
        kind,
        breaking,
        operationId: a.operationId,
        method: a.method,
        path: a.path,
        status: a.status,
        location,
        message,
      });
    const b = newByKey.get(keyOf(a));
    if (!b) {
      emit('operation-removed', 'operation', `${a.method} ${a.path} is gone`);
      continue;
    }
    compareOperation(oldDocument, newDocument, a, b, emit);
  }
  for (const b of after.operations) {
    if (oldKeys.has(keyOf(b))) continue;
    changes.push({
      kind: 'operation-added',
      breaking: false,
      operationId: b.operationId,
      method: b.method,
      path: b.path,
      status: b.status,
      location: 'operation',
      message: `${b.method} ${b.path} is new`,
    });
  }
  const breaking = changes.filter((c) => c.breaking);
  return {
    changes,
    breaking,
    publishedBreaking: breaking.filter((c) => c.status === 'published'),
  };
}

/** The Markdown summary: breaking changes first, per operation, published ones marked. */
export function diffToMarkdown(diff: ContractDiff, oldLabel: string, newLabel: string): string {
  const out: string[] = [`# Contract changes: ${oldLabel} → ${newLabel}`, ''];
  if (diff.changes.length === 0) {
    out.push('No changes to any operation.');
    return `${out.join('\n')}\n`;
  }
  out.push(
    `${diff.changes.length} changes: ${diff.breaking.length} breaking (${diff.publishedBreaking.length} to published operations), ${diff.changes.length - diff.breaking.length} non-breaking.`,
    '',
  );
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  for (const [title, list] of [
    ['Breaking', diff.breaking],
    ['Non-breaking', diff.changes.filter((c) => !c.breaking)],
  ] as const) {
    if (list.length === 0) continue;
    out.push(
      `## ${title}`,
      '',
      '| operation | status | change | where | what |',
      '|---|---|---|---|---|',
    );
    for (const c of list) {
      out.push(
        `| \`${c.operationId}\` ${c.method} \`${c.path}\` | ${c.status === 'published' ? '**published**' : 'proposed'} | ${c.kind} | ${cell(c.location)} | ${cell(c.message)} |`,
      );
    }
    out.push('');
  }
  out.push(
    diff.publishedBreaking.length > 0
      ? `**Result: ${diff.publishedBreaking.length} breaking changes to published operations.**`
      : 'Result: no breaking change to a published operation.',
  );
  return `${out.join('\n')}\n`;
}
