import { fileURLToPath } from 'node:url';
import { runFromCommandLine } from './cli.ts';

// `pnpm conformance` in the repository: checks against openapi/portal.yaml itself, so an edit
// to the contract is checked at once (no generated copy to go stale).
runFromCommandLine(
  fileURLToPath(new URL('../../../openapi/portal.yaml', import.meta.url)),
  'openapi/portal.yaml',
);
