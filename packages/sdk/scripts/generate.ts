import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  generatedActingForUrl,
  generatedContractUrl,
  generatedTypesUrl,
  renderActingFor,
  renderContractJson,
  renderTypes,
} from './render-types.ts';

await writeFile(generatedTypesUrl, await renderTypes());
await writeFile(generatedContractUrl, await renderContractJson());
await writeFile(generatedActingForUrl, await renderActingFor());
console.log(
  `wrote ${[generatedTypesUrl, generatedContractUrl, generatedActingForUrl].map((url) => fileURLToPath(url)).join(', ')}`,
);
