// Rewrites the README's transition tables from the machine definitions (`pnpm --filter @portal/machines docs:tables`).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENTED_MACHINES } from '../src/docs/machines.ts';
import { updateReadme } from '../src/docs/transition-table.ts';

const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
writeFileSync(readmePath, updateReadme(readFileSync(readmePath, 'utf8'), DOCUMENTED_MACHINES));
console.info(`Updated ${readmePath}`);
