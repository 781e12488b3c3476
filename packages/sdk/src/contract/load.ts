import document from '../generated/contract.json' with { type: 'json' };

/**
 * The contract document (generated JSON of openapi/portal.yaml), for the dev server, the MSW
 * layer and the conformance checker. Works in Node and in browsers.
 */
export function loadContract(): Record<string, unknown> {
  return structuredClone(document) as Record<string, unknown>;
}
