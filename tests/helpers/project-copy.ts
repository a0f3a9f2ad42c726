import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SOURCES = [
  'src',
  'public',
  'integrations',
  'astro.config.mjs',
  'auth.config.ts',
  'tsconfig.json',
  'package.json',
];
// Build caches live in node_modules (Astro's content store in node_modules/.astro, Vite's in .vite); a copy
// sharing them with the project or with another copy building at the same time would read the other's content.
const CACHES = new Set(['.astro', '.vite', '.cache']);

/** A throwaway copy of the project that a test may break and build; packages are linked, caches are its own. */
export function copyProject(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of SOURCES) cpSync(resolve(entry), join(dir, entry), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const pkg of readdirSync('node_modules')) {
    if (!CACHES.has(pkg)) symlinkSync(resolve('node_modules', pkg), join(dir, 'node_modules', pkg));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `astro build` in a copy; a build takes 10–30 s, longer while other test files share the two cores. */
export function buildProject(dir: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}
