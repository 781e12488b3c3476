import { parseArgs } from 'node:util';
import { buildApp } from './http/app.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    'no-dev-mode': { type: 'boolean', default: process.env.DEV_MODE === 'false' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}

const app = await buildApp({ devMode: !values['no-dev-mode'], logger: { level: 'warn' } });
const address = await app.listen({ port, host: values.host });
console.info(`Dental portal dev server: ${address}`);
console.info(`  API docs (the contract): ${address}/docs`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
