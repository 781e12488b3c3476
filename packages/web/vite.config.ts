import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const devServer = process.env.PORTAL_API ?? 'http://127.0.0.1:3000';

/**
 * The entry (src/main.tsx) imports the app in stages, with `import()`, so that its evaluation is
 * split into tasks; this adds the chunks of those imports to index.html's module preloads, so
 * that the browser still fetches them with the entry instead of after it has run.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'portal:preload-entry-imports',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry,
        );
        if (entry?.type !== 'chunk') return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), preloadEntryImports()],
  server: {
    port: 5173,
    // The dev server behind Vite; in mock mode there is none (MSW answers the API in the page,
    // and the page itself shows the stand-in bank page), so nothing is proxied (nor by `preview`).
    proxy:
      mode === 'mock'
        ? undefined
        : Object.fromEntries(
            ['/api', '/images', '/dev', '/docs'].map((path) => [
              path,
              { target: devServer, changeOrigin: false },
            ]),
          ),
  },
  build: {
    target: 'es2022',
    // Every browser of the es2022 target but Safari before 17 preloads modules itself; there the
    // chunks load as they are imported, a little later. Vite's polyfill cost every page 0.4 kB.
    modulePreload: { polyfill: false },
    sourcemap: 'hidden',
    // scripts/bundle-budget.ts reads it to size what each route needs.
    manifest: true,
  },
}));
