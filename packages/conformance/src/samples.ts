import type { ContractSchemas, ParameterSpec } from '@portal/sdk/contract';
import { clone, isObject, REMOVE, withPath, type JsonObject } from './json.ts';
import {
  invalidFieldValues,
  invalidParameterValues,
  type BodyMutation,
  type MutationKind,
  type ParameterMutation,
} from './mutations.ts';
import { bodyPlace, requestKeywords, type KeywordUse } from './request-keywords.ts';
import { flatten, nonNull, primaryType } from './schema-nodes.ts';
import { generate } from './schema-values.ts';

/** Valid values and invalid variants of the contract's schemas, checked with its validator. */
export class Samples {
  constructor(
    private readonly document: unknown,
    private readonly schemas: ContractSchemas,
  ) {}

  isValid(pointer: string, value: unknown): boolean {
    return this.schemas.errors(pointer, value).length === 0;
  }

  /** A valid value for the schema at `pointer`: the candidates first, then generated ones. */
  valid(pointer: string, candidates: readonly unknown[] = []): unknown {
    const schema = { $ref: `#${pointer}` };
    const all = [
      ...candidates,
      generate(this.document, schema, true),
      generate(this.document, schema, false),
    ];
    return clone(
      all.find((value) => value !== undefined && this.isValid(pointer, value)) ?? all[0],
    );
  }

  /**
   * Invalid variants of a valid JSON body (each confirmed invalid by the schema), every one the
   * schema allows: `roundRobin` picks a few of each kind.
   */
  bodyMutations(pointer: string, valid: unknown): BodyMutation[] {
    const found: BodyMutation[] = [
      {
        label: 'a body that is not valid JSON',
        kind: 'malformed',
        value: { text: '{"conformance": ' },
      },
    ];
    const root = flatten(this.document, { $ref: `#${pointer}` });
    if (primaryType(root) === 'object') {
      found.push({
        label: 'a JSON array instead of an object',
        kind: 'shape',
        value: { json: [] },
        breaks: 'body type',
      });
    }
    const seen = new Set<string>();
    const add = (label: string, kind: MutationKind, json: unknown, breaks: string): void => {
      const key = JSON.stringify(json);
      if (seen.has(key) || this.isValid(pointer, json)) return;
      seen.add(key);
      found.push({ label, kind, value: { json }, breaks });
    };
    this.walk(root, valid, [], 0, (path, schema, required, current) => {
      const field = `\`${path.join('.')}\``;
      const where = bodyPlace(path);
      if (required && current !== undefined) {
        add(
          `a body without the required field ${field}`,
          'missing',
          withPath(valid, path, REMOVE),
          `${where} required`,
        );
      }
      const invalid = invalidFieldValues(this.document, schema, current);
      for (const [label, kind, value, keyword] of invalid) {
        add(
          `a body with ${field} ${label}`,
          kind,
          withPath(valid, path, value),
          `${where} ${keyword}`,
        );
      }
    });
    return found;
  }

  /** Invalid values of one parameter (raw strings, as a server receives them), every one. */
  parameterMutations(parameter: ParameterSpec): ParameterMutation[] {
    const found: ParameterMutation[] = [];
    const where = `${parameter.in} parameter \`${parameter.name}\``;
    const place = `${parameter.in} ${parameter.name}`;
    if (parameter.in === 'query' && parameter.required) {
      found.push({
        label: `a request without the required ${where}`,
        kind: 'missing',
        parameter,
        raw: undefined,
        breaks: `${place} required`,
      });
    }
    const node = nonNull(this.document, { $ref: `#${parameter.pointer}` });
    const candidates = invalidParameterValues(this.document, node);
    for (const [label, kind, raw, keyword] of candidates) {
      if (parameter.in === 'path' && raw === '') continue;
      if (this.isValid(parameter.pointer, this.coerce(node, raw))) continue;
      found.push({
        label: `a request with the ${where} ${label}`,
        kind,
        parameter,
        raw,
        breaks: keyword.startsWith('.') ? `${place}${keyword}` : `${place} ${keyword}`,
      });
    }
    return found;
  }

  /**
   * The schema keywords that restrict a request's path and query parameters and its JSON body
   * (see `requestKeywords`).
   */
  requestKeywords(
    parameters: readonly ParameterSpec[],
    bodyPointer: string | null,
    valid?: unknown,
  ): KeywordUse[] {
    return requestKeywords(this.document, parameters, bodyPointer, valid);
  }

  /** How a server reads a raw parameter value (numbers and comma-separated lists). */
  private coerce(node: JsonObject, raw: string): unknown {
    const type = primaryType(node);
    const scalar = (value: string, t: string | undefined): unknown => {
      if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(value))
        return Number(value);
      if (t === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
      return value;
    };
    if (type === 'array') {
      const itemType = primaryType(nonNull(this.document, node.items ?? {}));
      return raw === '' ? [] : raw.split(',').map((value) => scalar(value, itemType));
    }
    return scalar(raw, type);
  }

  private walk(
    schema: unknown,
    value: unknown,
    path: (string | number)[],
    depth: number,
    visit: (
      path: (string | number)[],
      schema: JsonObject,
      required: boolean,
      current: unknown,
    ) => void,
  ): void {
    if (depth > 3) return;
    const node = nonNull(this.document, schema);
    const type = primaryType(node);
    if (type === 'object' && isObject(value)) {
      const properties = isObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
      for (const [name, propertySchema] of Object.entries(properties)) {
        const current = value[name];
        const propertyPath = [...path, name];
        // An optional field left out is still probed, set to an invalid value (its own fields
        // are not: there is no valid value to start from).
        visit(propertyPath, nonNull(this.document, propertySchema), required.has(name), current);
        if (current !== undefined)
          this.walk(propertySchema, current, propertyPath, depth + 1, visit);
      }
    } else if (type === 'array' && Array.isArray(value) && value.length > 0) {
      const itemPath = [...path, 0];
      visit(itemPath, nonNull(this.document, node.items ?? {}), false, value[0]);
      this.walk(node.items ?? {}, value[0], itemPath, depth + 1, visit);
    }
  }
}

/** The smallest valid PNG (1 × 1 pixel), for image uploads. */
export const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
