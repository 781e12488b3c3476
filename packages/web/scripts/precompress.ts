/**
 * The build's last step: `FILE.br` and `FILE.gz` beside each text file of dist (`--dist DIR`,
 * relative to packages/web), so that a web server sends them as they are (docs/decisions/026).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { precompressTree } from '@portal/deploy/precompress';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const started = performance.now();
const count = await precompressTree(resolve(root, values.dist));
console.info(
  `precompressed ${count} files (.br, .gz) in ${values.dist} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
