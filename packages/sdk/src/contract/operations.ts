import type { operations } from '../generated/portal.ts';
import { loadContract } from './load.ts';

export type OperationId = keyof operations;
export type Role = 'public' | 'patient' | 'admin' | 'contentManager';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
  /** JSON pointer of the schema inside the contract (for the validator). */
  pointer: string;
}

export interface MediaSpec {
  contentType: string;
  pointer: string | null;
}

export interface ResponseSpec {
  status: string;
  content: MediaSpec[];
  headers: Record<string, { required: boolean }>;
}

/** One operation of the contract, with everything the transports and the checker need. */
export interface OperationSpec {
  operationId: OperationId;
  method: HttpMethod;
  /** As in the contract: `/api/reservations/{id}`. */
  path: string;
  tags: string[];
  roles: Role[];
  status: 'published' | 'proposed';
  termsExempt: boolean;
  blockedInMaintenance: boolean;
  /**
   * `x-acting-for`: the call may be made for another person (`X-Acting-For`), who must have
   * given the user this right; `data` names what of theirs it reads or changes (the access log's
   * field). Null: the call is the user's own.
   */
  actingFor: { right: 'book' | 'view' | 'manage'; data: string } | null;
  /** No token needed (x-roles public). */
  isPublic: boolean;
  parameters: ParameterSpec[];
  requestBody: { required: boolean; content: MediaSpec[] } | null;
  responses: ResponseSpec[];
}

type Json = Record<string, unknown>;

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ContractIndex {
  document: Json;
  operations: OperationSpec[];
  byId: Map<OperationId, OperationSpec>;
}

function resolve(document: Json, node: Json, pointer: string): { node: Json; pointer: string } {
  const ref = node.$ref;
  if (typeof ref !== 'string') return { node, pointer };
  if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return resolve(document, target as Json, ref.slice(1));
}

function media(document: Json, content: Json | undefined, pointer: string): MediaSpec[] {
  return Object.entries(content ?? {}).map(([contentType, value]) => {
    const schema = (value as Json).schema;
    return {
      contentType,
      pointer: schema ? `${pointer}/content/${escapePointer(contentType)}/schema` : null,
    };
  });
}

/** The index of the bundled contract, built once per process (it is read-only). */
let bundledIndex: ContractIndex | undefined;

/** The operations of a contract document; without one, of the bundled contract (cached). */
export function indexContract(document?: Json): ContractIndex {
  if (document === undefined) return (bundledIndex ??= buildIndex(loadContract()));
  return buildIndex(document);
}

function buildIndex(document: Json): ContractIndex {
  const operations: OperationSpec[] = [];
  const paths = document.paths as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    const itemPointer = `/paths/${escapePointer(path)}`;
    const shared = ((item.parameters as Json[] | undefined) ?? []).map((p, i) =>
      resolve(document, p, `${itemPointer}/parameters/${i}`),
    );
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const opPointer = `${itemPointer}/${method}`;
      const own = ((op.parameters as Json[] | undefined) ?? []).map((p, i) =>
        resolve(document, p, `${opPointer}/parameters/${i}`),
      );
      const byKey = new Map<string, ParameterSpec>();
      for (const { node, pointer } of [...shared, ...own]) {
        byKey.set(`${String(node.in)}:${String(node.name)}`, {
          name: String(node.name),
          in: node.in as ParameterSpec['in'],
          required: node.required === true,
          schema: (node.schema as Json) ?? {},
          pointer: `${pointer}/schema`,
        });
      }
      let requestBody: OperationSpec['requestBody'] = null;
      if (op.requestBody) {
        const { node, pointer } = resolve(
          document,
          op.requestBody as Json,
          `${opPointer}/requestBody`,
        );
        requestBody = {
          required: node.required === true,
          content: media(document, node.content as Json, pointer),
        };
      }
      const responses = Object.entries((op.responses as Json) ?? {}).map(([status, value]) => {
        const { node, pointer } = resolve(
          document,
          value as Json,
          `${opPointer}/responses/${status}`,
        );
        const headers: ResponseSpec['headers'] = {};
        for (const [name, header] of Object.entries((node.headers as Json) ?? {})) {
          const resolved = resolve(document, header as Json, '').node;
          headers[name.toLowerCase()] = { required: resolved.required === true };
        }
        return { status, content: media(document, node.content as Json, pointer), headers };
      });
      const roles = (op['x-roles'] as Role[] | undefined) ?? [];
      operations.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase() as HttpMethod,
        path,
        tags: (op.tags as string[] | undefined) ?? [],
        roles,
        status: op['x-status'] as OperationSpec['status'],
        termsExempt: op['x-terms-exempt'] === true,
        blockedInMaintenance: op['x-blocked-in-maintenance'] === true,
        actingFor: (op['x-acting-for'] as OperationSpec['actingFor'] | undefined) ?? null,
        isPublic: roles.includes('public'),
        parameters: [...byKey.values()],
        requestBody,
        responses,
      });
    }
  }
  return { document, operations, byId: new Map(operations.map((o) => [o.operationId, o])) };
}

/** `/api/reservations/{id}` → `/api/reservations/:id` (Fastify and MSW path syntax). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
