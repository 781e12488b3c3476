/**
 * Prerenders the public pages (src/prerender/pages.ts) into dist/pages after `vite build`:
 * builds src/prerender/render-page.tsx for Node, renders each page for a visitor in each
 * language, and writes it into the built index.html with its `<html lang>`, title, description
 * and the boot script. dist/pages/manifest.json tells the dev server which file answers which
 * URL and the boot script's hash for its Content-Security-Policy (docs/decisions/012).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { appLoaderScript, BOOT_SCRIPT, PAGE_PRELOAD_META } from '../src/prerender/boot-script.ts';
import { prerenderTargets, type PrerenderTarget } from '../src/prerender/pages.ts';
import type {
  pageModules as PageModules,
  renderPage as RenderPage,
} from '../src/prerender/render-page.tsx';

const root = fileURLToPath(new URL('..', import.meta.url));
/** `--dist DIR` (relative to packages/web): the client build to prerender into; default dist. */
const { values: args } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const dist = resolve(root, args.dist);
const serverOut = `${dist}-ssr`;

/** What the dev server reads (packages/devserver/src/http/prerendered.ts has the same shape). */
interface Manifest {
  scriptHashes: string[];
  pages: { url: string; language: string; prefixed: boolean; file: string }[];
}

const scriptHash = (script: string): string =>
  `sha256-${createHash('sha256').update(script).digest('base64')}`;

/**
 * The built index.html without the entry script and module preloads in its `<head>`, and the
 * inline script that adds them after the first paint (appLoaderScript).
 */
function deferAppStart(template: string): {
  template: string;
  loader: string;
  entryFiles: Set<string>;
} {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry?.[1]) throw new Error('dist/index.html has no module entry script');
  const preloads = [
    ...template.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ];
  let stripped = template.replace(entry[0], '');
  for (const preload of preloads) stripped = stripped.replace(preload[0], '');
  const files = preloads.map((preload) => preload[1] ?? '');
  return {
    template: stripped,
    loader: appLoaderScript(entry[1], files),
    entryFiles: new Set([entry[1], ...files]),
  };
}

/** Vite's manifest: each source module's chunk and the chunks it imports statically. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The chunks (`/assets/…`) of these source modules and of everything they import statically,
 * but the entry's own: what a page loads after the entry (its route and its texts).
 */
function chunksOf(manifest: ViteManifest, modules: readonly string[], entryFiles: Set<string>) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The build's manifest has no ${key}`);
    const file = `/${chunk.file}`;
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files].filter((file) => !entryFiles.has(file));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The built index.html with one page's language, head and markup in it. */
function pageHtml(
  template: string,
  target: PrerenderTarget,
  page: { html: string; title: string; description: string },
  loader: string,
  preloads: readonly string[],
): string {
  const replaced = (html: string, pattern: RegExp, replacement: string): string => {
    if (!pattern.test(html)) throw new Error(`dist/index.html has no ${String(pattern)}`);
    return html.replace(pattern, () => replacement);
  };
  let html = template;
  const start = target.start === 'intent' ? ' data-start="intent"' : '';
  html = replaced(
    html,
    /<html lang="[^"]*">/,
    `<html lang="${target.language}" data-prerendered${start}>`,
  );
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaced(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaced(
    html,
    /<meta charset="UTF-8" \/>/,
    `<meta charset="UTF-8" />\n    <script>${BOOT_SCRIPT}</script>`,
  );
  if (preloads.length > 0) {
    html = replaced(
      html,
      /<title>/,
      `<meta name="${PAGE_PRELOAD_META}" content="${preloads.join(' ')}" />\n    <title>`,
    );
  }
  html = replaced(
    html,
    /<div id="root"><\/div>/,
    `<div id="root">${page.html}</div>\n    <script>${loader}</script>`,
  );
  return html;
}

async function main(): Promise<void> {
  const started = performance.now();
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir: serverOut,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
    },
  });
  const { renderPage, pageModules } = (await import(
    pathToFileURL(join(serverOut, 'render-page.js')).href
  )) as { renderPage: typeof RenderPage; pageModules: typeof PageModules };
  const viteManifest = JSON.parse(
    await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;

  const { template, loader, entryFiles } = deferAppStart(
    await readFile(join(dist, 'index.html'), 'utf8'),
  );
  await rm(join(dist, 'pages'), { recursive: true, force: true });
  const manifest: Manifest = {
    scriptHashes: [scriptHash(BOOT_SCRIPT), scriptHash(loader)],
    pages: [],
  };
  for (const target of prerenderTargets()) {
    const page = await renderPage(target.url, target.language, target.description);
    // An `intent` page starts its app only when used: a loading state would stay until then.
    if (target.start === 'intent' && /role="status"|aria-busy="true"/.test(page.html)) {
      throw new Error(`${target.url} shows a loading state: its start must be 'paint' (pages.ts)`);
    }
    const file = join(dist, 'pages', target.file);
    await mkdir(dirname(file), { recursive: true });
    const preloads = chunksOf(viteManifest, pageModules(target.url, target.language), entryFiles);
    await writeFile(file, pageHtml(template, target, page, loader, preloads));
    manifest.pages.push({
      url: target.url,
      language: target.language,
      prefixed: target.prefixed,
      file: `pages/${target.file}`,
    });
  }
  await writeFile(join(dist, 'pages', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(serverOut, { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`prerendered ${manifest.pages.length} pages into ${dist}/pages in ${seconds} s`);
}

await main();
