import type { ContractIndex, HttpMethod } from '@portal/sdk/contract';
import { errorResponse, type Api, type ApiResponse } from './pipeline.ts';
import type { OperationContext } from './types.ts';

/** The methods a path of the contract takes, and whether it is a dev control. */
export interface AllowedMethods {
  /** As an `Allow` header lists them: the contract's methods, and HEAD wherever GET is. */
  allow: string[];
  dev: boolean;
}

/**
 * What answers `405 Method Not Allowed` needs: for a request path, the methods the contract
 * declares on every path template it matches (`/api/reservations/{id}`), or null when it matches
 * none (a 404). A method the router did not route matches no template that declares it, so the
 * union of the matching templates' methods is what the path takes.
 */
function allowedMethods(index: ContractIndex): (path: string) => AllowedMethods | null {
  const templates = new Map<string, { pattern: RegExp; methods: Set<HttpMethod>; dev: boolean }>();
  for (const operation of index.operations) {
    const entry = templates.get(operation.path) ?? {
      pattern: new RegExp(
        `^${operation.path
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
      methods: new Set<HttpMethod>(),
      dev: true,
    };
    entry.methods.add(operation.method);
    entry.dev &&= operation.tags.includes('dev');
    templates.set(operation.path, entry);
  }
  const order: HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
  return (path) => {
    const methods = new Set<HttpMethod>();
    let dev = true;
    for (const template of templates.values()) {
      if (!template.pattern.test(path)) continue;
      for (const method of template.methods) methods.add(method);
      dev &&= template.dev;
    }
    if (methods.size === 0) return null;
    const allow: string[] = order.filter((method) => methods.has(method));
    if (methods.has('GET')) allow.splice(1, 0, 'HEAD');
    return { allow, dev };
  };
}

const byIndex = new WeakMap<ContractIndex, (path: string) => AllowedMethods | null>();

/**
 * The answer to a path of the contract asked with a method it does not take (both transports):
 * 405, `Allow`, and the Error body (`bad-request`, its message naming the methods); null when
 * the path is not the contract's (a 404), or is a dev control while dev mode is off.
 */
export function methodNotAllowed(
  api: Pick<Api, 'index' | 'state' | 'sandbox'>,
  request: { method: string; path: string; language: OperationContext['language'] },
): ApiResponse | null {
  let allowedOn = byIndex.get(api.index);
  if (!allowedOn) {
    allowedOn = allowedMethods(api.index);
    byIndex.set(api.index, allowedOn);
  }
  const allowed = allowedOn(request.path);
  if (!allowed || (allowed.dev && !api.state.settings.devMode)) return null;
  if (allowed.allow.includes(request.method.toUpperCase())) return null;
  const allow = allowed.allow.join(', ');
  const answer = errorResponse(
    api,
    {
      code: 'bad-request',
      message: 'request.methodNotAllowed',
      params: { method: request.method.toUpperCase(), allow },
      headers: { allow },
    },
    request.language,
  );
  return { ...answer, status: 405 };
}
