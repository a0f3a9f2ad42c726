/**
 * One instance of src/lib per process. The server entry (server/index.ts) loads src/lib as TypeScript straight
 * from the source tree (Node strips the types); left alone, the Astro build would bundle its own copy into
 * dist/server, and the process would hold two stores, two Redis clients, two search pools, two copies of the
 * built site. This Vite plugin leaves our own modules out of the server bundle: the bundle imports the very
 * src/lib/*.ts files the server entry loads, so Node's module cache makes them one.
 *
 * A module is left out only if Node can load it as it is: it must not reach, through its imports, a module that
 * only exists inside Vite (`astro:content`, auth-astro's `auth:config`, an `.astro` file). Those stay bundled,
 * and they import the shared modules like any other code. Type-only imports do not count (Node erases them).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
// Folder → the package.json "imports" alias the bundle imports it by: the same specifier from any chunk's folder.
const SHARED: [string, string][] = [
  [`${SRC}lib${sep}`, '#lib/'],
  [`${SRC}schemas${sep}`, '#schemas/'],
];
/** Imports that only Vite can resolve: Astro's virtual modules, auth-astro's server part (it imports `auth:config`), components. */
const VITE_ONLY = /^(astro:|auth:|auth-astro\/server$|virtual:)|\.astro$/;
// Value imports and re-exports (`import type` / `export type` are erased by Node, so they never load anything).
const IMPORTS =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The alias of one of our modules (`#lib/config.ts`), or undefined for a file outside src/lib and src/schemas. */
function aliasOf(file: string): string | undefined {
  const shared = file.endsWith('.ts') && SHARED.find(([dir]) => file.startsWith(dir));
  return shared ? shared[1] + file.slice(shared[0].length).split(sep).join('/') : undefined;
}

const nodeLoadable = new Map<string, boolean>();

/** True when Node can import `file` natively: neither it nor any of our modules it imports needs Vite. */
export function loadsInNode(file: string): boolean {
  const known = nodeLoadable.get(file);
  if (known !== undefined) return known;
  nodeLoadable.set(file, true); // an import cycle is decided by its other edges
  let ok = true;
  for (const [, a, b] of readFileSync(file, 'utf8').matchAll(IMPORTS)) {
    const spec = a ?? b;
    if (VITE_ONLY.test(spec)) ok = false;
    else if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      // JSON comes with `with { type: 'json' }`, which Node reads as it is.
      if (target.startsWith(SRC) && !target.endsWith('.json') && (!target.endsWith('.ts') || !loadsInNode(target)))
        ok = false;
    }
    if (!ok) break;
  }
  nodeLoadable.set(file, ok);
  return ok;
}

/**
 * Vite plugin: in the server build, src/lib and src/schemas modules that Node can load are external, imported
 * as `#lib/…` and `#schemas/…` (package.json "imports"), which Node resolves from any chunk of dist/server.
 */
export function sharedLib(): Plugin {
  return {
    name: 'institute:shared-lib',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const alias = resolved && !resolved.external ? aliasOf(resolved.id) : undefined;
      if (!alias || !loadsInNode(resolved!.id)) return null;
      return { id: alias, external: true };
    },
  };
}
