import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generatedTypesUrl, renderTypes } from './render-types.ts';

await writeFile(generatedTypesUrl, await renderTypes());
console.log(`wrote ${fileURLToPath(generatedTypesUrl)}`);
