/**
 * `pnpm dev:mock [--port N] [--host]`: Vite in mock mode (the whole API answered by MSW in the
 * browser). A `--` before the options (`pnpm dev:mock -- --port 3311`, npm's habit) is dropped:
 * pnpm passes it on, and Vite ignores every option after it (issue 34 item 7).
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const vite = spawn('vite', ['--mode', 'mock', ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => vite.kill(signal));
}
vite.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
