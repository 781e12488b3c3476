import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { contractUrl } from './contract-path.ts';

/** The contract document as parsed YAML (node only): for the dev server and the conformance checker. */
export function loadContract(): Record<string, unknown> {
  return parse(readFileSync(contractUrl, 'utf8')) as Record<string, unknown>;
}

export { contractUrl };
