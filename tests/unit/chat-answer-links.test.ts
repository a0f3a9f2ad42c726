import { describe, expect, it } from 'vitest';
import { linkTarget, sourceHref } from '../../src/scripts/chat/answer-links.ts';

const page = 'http://127.0.0.1:4321/handbook/';
const sources = [
  { url: 'https://northgate.example/courses/bib201/', title: 'Biblical Greek I' },
  { url: 'https://northgate.example/handbook/fees/', title: 'Fees' },
];

describe('linkTarget: where a link in a chat answer may go', () => {
  it('shows a link to a source as that source, whichever way the model wrote its path', () => {
    for (const url of [
      '/courses/bib201/',
      '/courses/bib201',
      'https://northgate.example/courses/bib201',
      'http://127.0.0.1:4321/courses/bib201/#x',
    ]) {
      expect(linkTarget(url, sources, page), url).toEqual({ kind: 'source', href: '/courses/bib201/', number: 1 });
    }
    expect(linkTarget('../handbook/fees/', sources, page)).toEqual({
      kind: 'source',
      href: '/handbook/fees/',
      number: 2,
    });
  });

  it('links a source, in the list and in the answer, to the passage its URL anchors', () => {
    const anchored = [{ url: 'https://northgate.example/handbook/refunds/#summer-term', title: 'Refunds' }];
    expect(linkTarget('/handbook/refunds/', anchored, page)).toEqual({
      kind: 'source',
      href: '/handbook/refunds/#summer-term',
      number: 1,
    });
    const quoted = { url: 'https://northgate.example/about/#:~:text=Founded%20in%201911', title: 'About' };
    expect(sourceHref(quoted, page)).toBe('/about/#:~:text=Founded%20in%201911');
  });

  it('leaves any other site path to be checked, as a path that stays in the tab', () => {
    expect(linkTarget('/courses/xyz999/', sources, page)).toEqual({ kind: 'site', href: '/courses/xyz999/' });
    expect(linkTarget('https://northgate.example/search/?q=greek#top', sources, page)).toEqual({
      kind: 'site',
      href: '/search/?q=greek#top',
    });
  });

  it('opens http(s) pages elsewhere as external links', () => {
    expect(linkTarget('https://www.example.org/a?b=1', sources, page)).toEqual({
      kind: 'external',
      href: 'https://www.example.org/a?b=1',
    });
    expect(linkTarget('//www.example.org/', sources, page)).toEqual({
      kind: 'external',
      href: 'http://www.example.org/',
    });
  });

  it('makes text of every other scheme, and of nonsense', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'mailto:someone@example.org',
      'file:///etc/passwd',
      '',
      '   ',
      'http://[::1',
    ]) {
      expect(linkTarget(url, sources, page), JSON.stringify(url)).toEqual({ kind: 'text' });
    }
  });
});
