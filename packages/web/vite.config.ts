import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const devServer = process.env.PORTAL_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/images', '/dev', '/docs'].map((path) => [
        path,
        { target: devServer, changeOrigin: false },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/bundle-budget.ts reads it to size what each route needs.
    manifest: true,
  },
});
