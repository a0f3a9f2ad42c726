/**
 * An earlier version of this project, built in a temporary folder, so a benchmark can run "before" beside
 * "after" in the same run on the same machine. `git archive` of the ref, node_modules linked from this checkout
 * (the ref's dependencies must be a subset), then `astro build`.
 * @example const dir = buildRef('444b284'); startProcess('server/index.ts', env, '/api/health', dir)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CannotRun } from '../report.ts';

export function buildRef(ref: string): string {
  // A release tarball or a CI cache has no history: the caller goes on without this baseline.
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { stdio: 'ignore' });
  } catch {
    throw new CannotRun(`no git history with commit ${ref} here (git rev-parse failed), so no "before" build`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-ref-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], {
    stdio: 'inherit',
  });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  console.log(`building ${ref} in ${dir} (for the baseline)…`);
  execFileSync(resolve('node_modules/.bin/astro'), ['build'], { cwd: dir, stdio: 'ignore' });
  return dir;
}
