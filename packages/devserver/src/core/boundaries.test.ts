import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The core's domains point one way (decision 019). Every folder under `src/core/` is a domain
 * (`booking/`, `waitlist/`, `users/`...), except `flows/`: the orchestration above the domains,
 * which may call any of them and which no core file imports (only the transports' handlers do).
 * Two domain folders never import each other, directly or round a longer cycle. Test files count
 * too: a test that needs another area goes through the harness instead.
 */

const CORE = dirname(fileURLToPath(import.meta.url));

/** Folders above the domains: they compose domains, and nothing in the core imports them. */
const ORCHESTRATION = ['flows'];

/**
 * The files at the core's root are outside the rule: every domain may use them. Listed here so
 * that a new one is a choice (a shared module, or an area of its own in a folder).
 */
const SHARED = [
  // Shared kernel: the state every core function takes, its store and clock, results and
  // errors, ids, the in-process event emitter, the translated message catalogue.
  'clock.ts',
  'db.ts', // the store's schema: each domain's `models.ts`, gathered
  'events.ts',
  'messages.ts', // each domain's `messages.ts`, gathered, and `translate`
  'result.ts',
  'state.ts',
  // Small helpers with no domain: random numbers, hashes, names, Finnish ids, email syntax,
  // maintenance.
  'email.ts',
  'hash.ts',
  'maintenance.ts',
  'names.ts',
  'random.ts',
  'ssn.ts',
  'text.ts',
  // Composition roots that gather every domain for the transports: the portal's config, the
  // seed (also the dev reset), the state as one JSON value (snapshot) and its file.
  'config.ts',
  'persistence.ts',
  'seed.ts',
  'snapshot.ts',
];

interface ImportEdge {
  /** The importing file and the imported one, relative to the core (`booking/lifecycle.ts`). */
  from: string;
  to: string;
}

const IMPORT = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** The relative imports of a file's source that stay inside the core. */
function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = relative(CORE, resolve(CORE, dirname(file), specifier))
      .split(sep)
      .join('/');
    if (!target.startsWith('..')) found.push(target);
  }
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [relative(CORE, path).split(sep).join('/')] : [];
  });
}

/** The core folder a file belongs to, or null for a file at the core's root. */
function folderOf(file: string): string | null {
  const slash = file.indexOf('/');
  return slash === -1 ? null : file.slice(0, slash);
}

/** Every import between two different folders of the core. */
function crossFolderImports(files: Record<string, string>): ImportEdge[] {
  return Object.entries(files).flatMap(([from, source]) =>
    importsOf(from, source)
      .filter((to) => folderOf(to) !== null && folderOf(from) !== folderOf(to))
      .map((to) => ({ from, to })),
  );
}

/**
 * The groups of domain folders that import each other, directly or round a cycle (Tarjan's
 * strongly connected components of the folder graph), each with the imports that tie it.
 */
function domainCycles(edges: ImportEdge[]): { folders: string[]; imports: ImportEdge[] }[] {
  const between = edges.filter((edge) => {
    const from = folderOf(edge.from);
    const to = folderOf(edge.to);
    return from !== null && to !== null && !ORCHESTRATION.includes(from);
  });
  const next = new Map<string, Set<string>>();
  for (const edge of between) {
    const from = folderOf(edge.from) as string;
    const set = next.get(from) ?? new Set<string>();
    set.add(folderOf(edge.to) as string);
    next.set(from, set);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) as number);
    stack.push(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) as number, low.get(to) as number));
      } else if (stack.includes(to)) {
        low.set(folder, Math.min(low.get(folder) as number, index.get(to) as number));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const folder of [...next.keys()].sort()) if (!index.has(folder)) visit(folder);
  return groups.map((folders) => ({
    folders,
    imports: between.filter(
      (edge) =>
        folders.includes(folderOf(edge.from) as string) &&
        folders.includes(folderOf(edge.to) as string),
    ),
  }));
}

/** The folders of a cycle, the pairs among them that import each other directly, the imports. */
function describeCycle(cycle: { folders: string[]; imports: ImportEdge[] }): string {
  const links = new Set(cycle.imports.map((edge) => `${folderOf(edge.from)}>${folderOf(edge.to)}`));
  const pairs = cycle.folders.flatMap((a) =>
    cycle.folders
      .filter((b) => a < b && links.has(`${a}>${b}`) && links.has(`${b}>${a}`))
      .map((b) => `${a} ↔ ${b}`),
  );
  const lines = cycle.imports.map((edge) => `  ${edge.from} → ${edge.to}`);
  return [
    `domain folders ${cycle.folders.join(', ')} import each other` +
      (pairs.length > 0 ? ` (directly: ${pairs.join(', ')})` : ' (round a cycle)') +
      ':',
    ...lines,
  ].join('\n');
}

function readCore(): Record<string, string> {
  return Object.fromEntries(
    tsFiles(CORE).map((file) => [file, readFileSync(join(CORE, file), 'utf8')]),
  );
}

describe('the core domains point one way', () => {
  const files = readCore();
  const edges = crossFolderImports(files);

  test('no two domain folders import each other, directly or round a cycle', () => {
    expect(domainCycles(edges).map(describeCycle)).toEqual([]);
  });

  test('nothing in the core imports the orchestration above the domains', () => {
    const upward = edges
      .filter((edge) => ORCHESTRATION.includes(folderOf(edge.to) as string))
      .filter((edge) => !ORCHESTRATION.includes(folderOf(edge.from) ?? ''))
      .map((edge) => `${edge.from} → ${edge.to}`);
    const fromRoot = Object.entries(files)
      .filter(([file]) => folderOf(file) === null)
      .flatMap(([file, source]) =>
        importsOf(file, source)
          .filter((to) => ORCHESTRATION.includes(folderOf(to) ?? ''))
          .map((to) => `${file} → ${to}`),
      );
    expect([...upward, ...fromRoot]).toEqual([]);
  });

  test('every file at the core root is a listed shared module', () => {
    const root = Object.keys(files).filter(
      (file) => folderOf(file) === null && !file.endsWith('.test.ts'),
    );
    expect(root.sort()).toEqual([...SHARED].sort());
  });

  test('a back-import between two domains fails the rule, naming both folders and the files', () => {
    const withBackImport = {
      ...files,
      'booking/reservations.ts': `${files['booking/reservations.ts']}\nimport { offerFreedTime } from '../waitlist/waitlist.ts';\n`,
    };
    const cycles = domainCycles(crossFolderImports(withBackImport));
    // The waitlist also reaches booking through notifications (notifications → booking/calendar).
    expect(cycles.map((cycle) => cycle.folders)).toEqual([
      ['booking', 'notifications', 'waitlist'],
    ]);
    const message = cycles.map(describeCycle).join('\n');
    expect(message).toContain('(directly: booking ↔ waitlist)');
    expect(message).toContain('booking/reservations.ts → waitlist/waitlist.ts');
    expect(message).toContain('waitlist/waitlist.ts → booking/modifiable.ts');
  });

  test('a longer cycle between domain folders fails the rule too', () => {
    const cycles = domainCycles([
      { from: 'a/one.ts', to: 'b/two.ts' },
      { from: 'b/two.ts', to: 'c/three.ts' },
      { from: 'c/three.ts', to: 'a/four.ts' },
      { from: 'flows/x.ts', to: 'a/one.ts' },
      { from: 'a/one.ts', to: 'd/five.ts' },
    ]);
    expect(cycles.map((cycle) => cycle.folders)).toEqual([['a', 'b', 'c']]);
  });
});
