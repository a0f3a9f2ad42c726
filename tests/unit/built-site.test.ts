import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtSite } from '../../src/lib/site/built-site.ts';

function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'built-site-'));
  for (const dir of ['courses/bib201', 'about', '_astro', 'pagefind']) mkdirSync(join(root, dir), { recursive: true });
  const files: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    'index.md': '# Home',
    'index.md.br': 'br bytes',
    'courses/bib201/index.html': '<h1>Greek</h1>',
    'courses/bib201.md': '# Greek',
    'about/index.html': '<h1>About</h1>', // no twin
    '404.html': '<h1>Not found</h1>',
    '404.md': '# Not found',
    '_astro/page.html': 'asset',
    '_astro/notes.md': 'asset',
    'pagefind/notes.md': 'index internals',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

describe('builtSite', () => {
  const site = builtSite(fakeBuild());

  it('maps every request path of a page with a twin to that twin, and nothing under _astro/ or pagefind/', () => {
    expect(Object.fromEntries(site.twins)).toEqual({
      '/': '/index.md',
      '/index.html': '/index.md',
      '/index': '/index.md',
      '/courses/bib201/': '/courses/bib201.md',
      '/courses/bib201': '/courses/bib201.md',
      '/courses/bib201/index.html': '/courses/bib201.md',
      '/courses/bib201/index': '/courses/bib201.md',
      '/404.html': '/404.md',
      '/404': '/404.md',
      '/404/': '/404.md',
    });
  });

  it("knows every path it answers, and the public twins without the 404 page's", () => {
    expect(site.paths.has('/about/')).toBe(true);
    expect(site.paths.has('/_astro/page.html')).toBe(true);
    expect(site.paths.has('/_astro/page')).toBe(false);
    expect([...site.publicTwins].sort()).toEqual(['/courses/bib201.md', '/index.md']);
  });

  it('holds small files in memory with their precompressed variant, under each request path', () => {
    expect(site.held.get('/')).toBe(site.held.get('/index.html'));
    expect(site.held.get('/index.md')?.br?.toString()).toBe('br bytes');
    expect(site.held.has('/index.md.br')).toBe(false);
  });

  it('reads twins from the build only', async () => {
    await expect(site.readTwin('/courses/bib201.md')).resolves.toBe('# Greek');
    await expect(site.readTwin('/pagefind/notes.md')).resolves.toBeUndefined();
    await expect(site.readTwin('/courses/bib201/index.html')).resolves.toBeUndefined();
  });

  it('is read once per folder', () => {
    expect(builtSite(`${site.dir}/`)).toBe(site);
  });
});
