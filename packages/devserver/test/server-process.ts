import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

/** Kills every server the test started (afterEach). */
export function stopServers(): void {
  for (const child of children.splice(0)) child.kill('SIGKILL');
}

/**
 * Starts `src/main.ts` on a free port (with this state file, if given) and resolves with its
 * origin once it listens.
 */
export function startServer(
  dataFile?: string,
  args: readonly string[] = [],
): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/main.ts',
      '--port',
      '0',
      ...(dataFile ? ['--data', dataFile] : []),
      ...args,
    ],
    {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Dental portal: (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, origin: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
