import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  generatedContractUrl,
  generatedTypesUrl,
  renderContractJson,
  renderTypes,
} from './render-types.ts';

await writeFile(generatedTypesUrl, await renderTypes());
await writeFile(generatedContractUrl, await renderContractJson());
console.log(`wrote ${fileURLToPath(generatedTypesUrl)} and ${fileURLToPath(generatedContractUrl)}`);
