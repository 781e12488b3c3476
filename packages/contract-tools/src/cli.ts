import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse } from 'yaml';
import { diffContracts, diffToMarkdown } from './diff.ts';

const CONTRACT_PATH = 'openapi/portal.yaml';

const HELP = `Usage:
  pnpm contract:diff OLD NEW [--out FILE]

OLD and NEW are contract files (YAML or JSON) or git revisions of ${CONTRACT_PATH}
(HEAD~1, main, a commit id). Prints the changes per operation as Markdown, breaking ones first.
Exits 1 when a change breaks an operation published in OLD (x-status: published), 0 otherwise;
2 on a usage error. With --allow-missing-old, an OLD revision that does not exist (the first
commit, a shallow clone) is reported and the command exits 0.

Examples:
  pnpm contract:diff HEAD~1 ${CONTRACT_PATH}
  pnpm contract:diff old-portal.yaml new-portal.yaml --out changes.md`;

class UsageError extends Error {}

type Json = Record<string, unknown>;

function parseDocument(text: string, label: string): Json {
  const document = parse(text) as unknown;
  if (typeof document !== 'object' || document === null || !('paths' in document)) {
    throw new UsageError(`${label} is not an OpenAPI document (no paths)`);
  }
  return document as Json;
}

/** A file (relative to where the command was typed) or a git revision of the contract. */
function readContract(spec: string, from: string): Json | null {
  const file = isAbsolute(spec) ? spec : resolve(from, spec);
  if (existsSync(file)) return parseDocument(readFileSync(file, 'utf8'), spec);
  try {
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: from,
      encoding: 'utf8',
    }).trim();
    const text = execFileSync('git', ['show', `${spec}:${CONTRACT_PATH}`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return parseDocument(text, `${spec}:${CONTRACT_PATH}`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return null;
  }
}

/** The command: returns the exit code. */
export function main(argv: readonly string[]): number {
  const args = argv.filter((arg) => arg !== '--');
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const allowMissingOld = args.includes('--allow-missing-old');
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  const positional = args.filter(
    (arg, i) => !arg.startsWith('--') && (outIndex < 0 || i !== outIndex + 1),
  );
  const from = process.env.INIT_CWD ?? process.cwd();
  try {
    const [oldSpec, newSpec] = positional;
    if (positional.length !== 2 || !oldSpec || !newSpec) {
      throw new UsageError('two contracts are needed: OLD and NEW');
    }
    if (outIndex >= 0 && !out) throw new UsageError('--out needs a file name');
    const before = readContract(oldSpec, from);
    if (before === null) {
      if (allowMissingOld) {
        process.stdout.write(`No contract at ${oldSpec}: nothing to compare with.\n`);
        return 0;
      }
      throw new UsageError(`${oldSpec} is neither a file nor a git revision with ${CONTRACT_PATH}`);
    }
    const after = readContract(newSpec, from);
    if (after === null) {
      throw new UsageError(`${newSpec} is neither a file nor a git revision with ${CONTRACT_PATH}`);
    }
    const diff = diffContracts(before, after);
    const markdown = diffToMarkdown(diff, oldSpec, newSpec);
    process.stdout.write(markdown);
    if (out) writeFileSync(isAbsolute(out) ? out : resolve(from, out), markdown);
    return diff.publishedBreaking.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`contract:diff: ${error.message}\n\n${HELP}\n`);
      return 2;
    }
    throw error;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
