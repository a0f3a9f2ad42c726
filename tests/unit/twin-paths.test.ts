import { describe, expect, it } from 'vitest';
import { markdownUrl, pageUrlOfTwin } from '../../src/lib/site/twin-path.ts';
import { pageFile, requestPathsOf } from '../../src/lib/site/page-files.ts';

describe('markdownUrl and pageUrlOfTwin', () => {
  it.each([
    ['/courses/bib201/', '/courses/bib201.md'],
    ['/courses/bib201', '/courses/bib201.md'],
    ['/courses/bib201/index.html', '/courses/bib201.md'],
    ['/courses/?q=x#top', '/courses.md'],
    ['/', '/index.md'],
    ['/index.html', '/index.md'],
    ['/404', '/404.md'],
    ['/404.html', '/404.md'],
  ])('%s → %s', (page, twin) => {
    expect(markdownUrl(page)).toBe(twin);
  });

  it('maps twins back to pages', () => {
    expect(pageUrlOfTwin('/courses/bib201.md')).toBe('/courses/bib201/');
    expect(pageUrlOfTwin('/index.md')).toBe('/');
  });
});

describe('pageFile and requestPathsOf', () => {
  it('finds the page, its twin and every path the static server answers with it', () => {
    const course = pageFile('courses/bib201/index.html')!;
    expect(course).toEqual({
      file: 'courses/bib201/index.html',
      pageUrl: '/courses/bib201/',
      twinUrl: '/courses/bib201.md',
    });
    expect(requestPathsOf(course).sort()).toEqual([
      '/courses/bib201',
      '/courses/bib201/',
      '/courses/bib201/index',
      '/courses/bib201/index.html',
    ]);
    const home = pageFile('index.html')!;
    expect(home.twinUrl).toBe('/index.md');
    expect(requestPathsOf(home).sort()).toEqual(['/', '/index', '/index.html']);
    const notFound = pageFile('404.html')!;
    expect(notFound).toMatchObject({ pageUrl: '/404', twinUrl: '/404.md' });
    expect(requestPathsOf(notFound)).toContain('/404');
  });

  it('ignores assets, the search index and other files', () => {
    expect(pageFile('_astro/client.abc.js')).toBeUndefined();
    expect(pageFile('pagefind/fragment/x.html')).toBeUndefined();
    expect(pageFile('robots.txt')).toBeUndefined();
    expect(pageFile('courses/bib201.md')).toBeUndefined();
  });
});
