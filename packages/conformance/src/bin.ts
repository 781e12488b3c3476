import { fileURLToPath } from 'node:url';
import { runFromCommandLine } from './cli.ts';

// The packed command (`scripts/pack.ts` bundles this file into dist/): the contract it was
// built with lies beside it in contract/portal.yaml.
runFromCommandLine(
  fileURLToPath(new URL('../contract/portal.yaml', import.meta.url)),
  'contract/portal.yaml, packed with the checker',
);
