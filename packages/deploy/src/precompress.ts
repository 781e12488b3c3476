import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images, fonts and the like are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** Below this size a compressed copy saves less than its headers cost (the dev server's threshold). */
const THRESHOLD_BYTES = 1024;

/**
 * Writes `FILE.gz` (gzip level 9) and `FILE.br` (brotli quality 11) beside `file` when it is text
 * of at least 1 KiB, so that a web server sends them as they are (nginx's `gzip_static` and
 * `brotli_static`) instead of compressing on every request, or less tightly. Returns whether it did.
 */
export async function precompressFile(file: string): Promise<boolean> {
  if (!COMPRESSIBLE.test(file)) return false;
  const body = await readFile(file);
  if (body.length < THRESHOLD_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

/** Every file under `dir` (recursively), skipping those `skip` names (by path relative to dir). */
export async function filesUnder(dir: string, skip: RegExp = /$^/): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const files: string[] = [];
  for (const entry of entries.sort()) {
    const relative = entry.split('\\').join('/');
    if (skip.test(relative)) continue;
    if ((await stat(join(dir, entry))).isFile()) files.push(relative);
  }
  return files;
}

/**
 * Precompresses the text files of a build (skipping source maps and earlier `.gz`/`.br` copies);
 * returns how many it compressed.
 */
export async function precompressTree(dir: string): Promise<number> {
  const files = await filesUnder(dir, /\.(?:map|gz|br)$/);
  const done = await Promise.all(files.map((file) => precompressFile(join(dir, file))));
  return done.filter(Boolean).length;
}
