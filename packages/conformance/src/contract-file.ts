import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { indexContract, type ContractIndex } from '@portal/sdk/contract';
import { parse } from 'yaml';
import type { ContractSource } from './types.ts';

/** The contract file could not be read, parsed or indexed: a configuration error (exit 2). */
export class ContractError extends Error {}

const sha256 = (bytes: string | Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

function describeDocument(
  document: Record<string, unknown>,
  sha: string,
  path: string | null,
): ContractSource {
  const info = (document.info ?? {}) as Record<string, unknown>;
  return {
    title: typeof info.title === 'string' ? info.title : '(untitled)',
    version: typeof info.version === 'string' ? info.version : '(no version)',
    sha256: sha,
    path,
  };
}

/**
 * What a report says about a contract given as a document (no file): its title, version and the
 * SHA-256 of its JSON text.
 */
export function documentSource(document: Record<string, unknown>): ContractSource {
  return describeDocument(document, sha256(JSON.stringify(document)), null);
}

/**
 * Reads an OpenAPI 3 contract from a YAML or JSON file and indexes it. The report names the
 * file, its `info.version` and the SHA-256 of its bytes (what `sha256sum FILE` prints), so a
 * backend team can tell which contract a run checked. Throws `ContractError` when the file is
 * missing, is not YAML or JSON, is not an OpenAPI 3 document, or has something the checker cannot
 * follow (an external `$ref`).
 */
export async function readContract(
  path: string,
): Promise<{ index: ContractIndex; source: ContractSource }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContractError(
      `cannot read the contract ${path}${code === 'ENOENT' ? ': no such file' : `: ${String(error)}`}`,
    );
  }
  let document: unknown;
  try {
    document = parse(bytes.toString('utf8'), { maxAliasCount: 1000 });
  } catch (error) {
    throw new ContractError(
      `the contract ${path} is not YAML or JSON: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ContractError(`the contract ${path} is not an OpenAPI document (not an object)`);
  }
  const openapi = (document as Record<string, unknown>).openapi;
  if (typeof openapi !== 'string' || !openapi.startsWith('3.')) {
    throw new ContractError(
      `the contract ${path} is not an OpenAPI 3 document (openapi: ${JSON.stringify(openapi ?? null)})`,
    );
  }
  let index: ContractIndex;
  try {
    index = indexContract(document as Record<string, unknown>);
  } catch (error) {
    throw new ContractError(
      `the contract ${path} cannot be checked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { index, source: describeDocument(index.document, sha256(bytes), path) };
}
