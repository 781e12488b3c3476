import document from '../generated/contract.json' with { type: 'json' };

/**
 * The contract document (generated JSON of openapi/portal.yaml), for the dev server, the MSW
 * layer and the tests. Works in Node and in browsers. (The conformance checker reads a contract
 * file itself: openapi/portal.yaml, or the one packed with it.)
 */
export function loadContract(): Record<string, unknown> {
  return structuredClone(document) as Record<string, unknown>;
}
