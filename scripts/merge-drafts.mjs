// One-off helper while the contract is assembled from area drafts:
// merges openapi/portal.yaml with openapi/_drafts/<area>.yaml files into one document.
// Usage: node scripts/merge-drafts.mjs OUT.yaml [area ...]   (no area = every draft)
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { parse, stringify } from 'yaml';
const [out, ...areas] = process.argv.slice(2);
const base = parse(readFileSync('openapi/portal.yaml', 'utf8'));
const names = areas.length
  ? areas
  : readdirSync('openapi/_drafts')
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.slice(0, -5));
for (const name of names) {
  const draft = parse(readFileSync(`openapi/_drafts/${name}.yaml`, 'utf8'));
  for (const [k, v] of Object.entries(draft.paths ?? {})) {
    if (base.paths[k]) throw new Error(`${name}: path ${k} defined twice`);
    base.paths[k] = v;
  }
  for (const [k, v] of Object.entries(draft.schemas ?? {})) {
    if (base.components.schemas[k]) throw new Error(`${name}: schema ${k} defined twice`);
    base.components.schemas[k] = v;
  }
}
writeFileSync(out, stringify(base, { lineWidth: 0 }));
console.log(`wrote ${out} with ${Object.keys(base.paths).length} paths`);
