import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A copy of the project whose content an individual test may break. */
function projectCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'institute-build-'));
  for (const entry of ['src', 'public', 'integrations', 'astro.config.mjs', 'auth.config.ts', 'tsconfig.json', 'package.json']) {
    cpSync(resolve(entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function build(dir: string) {
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: run.stdout + run.stderr };
}

// A build takes 10–30 s, longer while other test files run on the same two cores; spawnSync allows 120 s.
describe('the build rejects broken content', { timeout: 120_000 }, () => {
  it('fails on an unknown course code in a program, naming the file, the field and the known codes', () => {
    const dir = projectCopy();
    try {
      const file = join(dir, 'src/content/programs/diploma-biblical-languages.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/requiredCourses: \[/, 'requiredCourses: ["NOP999", '));
      const { status, output } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain('src/content/programs/diploma-biblical-languages.mdx: field "requiredCourses[0]": unknown course code "NOP999"');
      expect(output).toMatch(/Known course codes: .*BIB201/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails on an unknown term, naming the file, the field and the allowed terms', () => {
    const dir = projectCopy();
    try {
      const file = join(dir, 'src/content/courses/bib101.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/terms: \[/, 'terms: ["2031-winter", '));
      const { status, output } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain('bib101');
      expect(output).toMatch(/terms\.0|terms/);
      expect(output).toContain('2027-spring');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
