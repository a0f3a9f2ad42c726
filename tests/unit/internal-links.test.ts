import { describe, expect, it } from 'vitest';
import {
  extractLinks,
  findBrokenLinks,
  findMissingAlt,
  nearest,
  planRedirects,
  type BuiltPages,
} from '../../integrations/internal-links.ts';
import type { ContentSource } from '../../integrations/content-sources.ts';

const pages: Record<string, string[]> = {
  '/': [],
  '/handbook/refunds/': ['summer-term', 'questions'],
  '/handbook/grading/': ['grade-scale'],
  '/courses/bib101/': [],
};
const site: BuiltPages = {
  pageUrls: Object.keys(pages),
  pageOf: (path) => Object.keys(pages).find((url) => url === path || url === `${path}/`),
  isOtherFile: (path) => ['/llms.txt', '/handbook/refunds.md'].includes(path) || path === '/api/search',
  idsOf: (url) => new Set(pages[url]),
};
const source = (file: string, url: string, text: string, extra: Partial<ContentSource> = {}): ContentSource => ({
  file,
  collection: 'handbook',
  url,
  draft: false,
  redirectFrom: [],
  title: file,
  aliases: [],
  questions: [],
  text,
  ...extra,
});

describe('extractLinks', () => {
  it('finds Markdown links, reference definitions and JSX hrefs with their line, not images or code', () => {
    const text = [
      '---',
      'title: "[x](/front-matter/)"',
      '---',
      'See [Refunds](/handbook/refunds/ "Refunds") and <a href="/handbook/grading/">grades</a>.',
      '![A photo](./photo.jpg)',
      '`[not a link](/in-code/)`',
      '```md',
      '[nor this](/in-a-fence/)',
      '```',
      '[ref]: /courses/bib101/',
      '<Callout href={"/register/"} />',
    ].join('\n');
    expect(extractLinks(text)).toEqual([
      { line: 4, href: '/handbook/refunds/' },
      { line: 4, href: '/handbook/grading/' },
      { line: 10, href: '/courses/bib101/' },
      { line: 11, href: '/register/' },
    ]);
  });
});

describe('findBrokenLinks', () => {
  const check = (text: string, extra: ContentSource[] = [], redirects = new Map<string, string>()) =>
    findBrokenLinks(
      [source('src/content/handbook/grading.mdx', '/handbook/grading/', text), ...extra],
      site,
      redirects,
    );

  it('accepts pages (with or without the slash), anchors, other files, on-demand routes and other sites', () => {
    expect(
      check(
        '[a](/handbook/refunds/#summer-term) [b](/handbook/refunds) [c](#grade-scale) [d](/llms.txt) [e](/handbook/refunds.md) [f](/api/search?q=x) [g](https://example.org/nope/) [h](mailto:a@b.example) [i](../refunds/)',
      ),
    ).toEqual([]);
  });

  it('names the file, the line, the link and the nearest page', () => {
    expect(check('line one\n[Refunds](/handbook/refundz/)')).toEqual([
      'src/content/handbook/grading.mdx:2: link "/handbook/refundz/" goes to no page; did you mean /handbook/refunds/?',
    ]);
  });

  it('names a missing anchor and the nearest one, on another page and on the same page', () => {
    expect(check('[a](/handbook/refunds/#summer)\n[b](#grade-scales)')).toEqual([
      'src/content/handbook/grading.mdx:1: link "/handbook/refunds/#summer" goes to /handbook/refunds/, which has no #summer; did you mean /handbook/refunds/#summer-term?',
      'src/content/handbook/grading.mdx:2: link "#grade-scales" goes to /handbook/grading/, which has no #grade-scales; did you mean #grade-scale?',
    ]);
  });

  it('says when a link goes to a draft or to a moved page', () => {
    const draft = source('src/content/handbook/housing.mdx', '/handbook/housing/', '[broken](/nowhere/)', {
      draft: true,
    });
    expect(
      check(
        '[h](/handbook/housing/)\n[r](/handbook/refund-policy/)',
        [draft],
        new Map([['/handbook/refund-policy/', '/handbook/refunds/']]),
      ),
    ).toEqual([
      'src/content/handbook/grading.mdx:1: link "/handbook/housing/" goes to a draft (src/content/handbook/housing.mdx has draft: true), which is not published; publish it or remove the link',
      'src/content/handbook/grading.mdx:2: link "/handbook/refund-policy/" goes to an old address; the page moved to /handbook/refunds/: link to /handbook/refunds/ instead',
    ]);
  });
});

describe('planRedirects', () => {
  it('maps each old path to its page, skipping drafts', () => {
    const { redirects, problems } = planRedirects(
      [
        source(
          'src/content/handbook/refunds.mdx',
          '/handbook/refunds/',
          '---\nredirectFrom: [/handbook/refund-policy/]\n---',
          { redirectFrom: ['/handbook/refund-policy/'] },
        ),
        source('src/content/handbook/housing.mdx', '/handbook/housing/', '', {
          draft: true,
          redirectFrom: ['/handbook/rooms/'],
        }),
      ],
      site,
    );
    expect(problems).toEqual([]);
    expect([...redirects]).toEqual([['/handbook/refund-policy/', '/handbook/refunds/']]);
  });

  it('refuses an old path that is a page, and one claimed by two pages', () => {
    const text = (old: string) => `---\ntitle: x\nredirectFrom: [${old}]\n---\n`;
    const { problems } = planRedirects(
      [
        source('src/content/handbook/refunds.mdx', '/handbook/refunds/', text('/handbook/grading/'), {
          redirectFrom: ['/handbook/grading/'],
        }),
        source('src/content/handbook/a.mdx', '/handbook/a/', text('/old/'), { redirectFrom: ['/old/'] }),
        source('src/content/handbook/b.mdx', '/handbook/b/', text('/old/'), { redirectFrom: ['/old/'] }),
      ],
      site,
    );
    expect(problems).toEqual([
      'src/content/handbook/refunds.mdx:3: redirectFrom "/handbook/grading/" is a page of the site (/handbook/grading/); an old path must be free: remove it from redirectFrom or move that page',
      'src/content/handbook/b.mdx:3: redirectFrom "/old/" is also claimed by src/content/handbook/a.mdx; an old path can lead to one page only: remove it from one of them',
    ]);
  });
});

describe('nearest', () => {
  it('suggests only what is reasonably close', () => {
    expect(nearest('/handbook/refund/', ['/handbook/refunds/', '/courses/'])).toBe('/handbook/refunds/');
    expect(nearest('/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/', ['/a/'])).toBeUndefined();
  });
});

describe('findMissingAlt', () => {
  it('refuses an image without alt text and accepts an explicit empty one', () => {
    const text = [
      '---',
      'title: x',
      '---',
      '![A reading room](./room.jpg)',
      '![](./forgot.jpg)',
      '<Image src={border} alt="" />',
      '<img src="/x.png">',
    ].join('\n');
    expect(findMissingAlt([source('src/content/pages/about.mdx', '/about/', text)])).toEqual([
      'src/content/pages/about.mdx:5: image "./forgot.jpg" has no alt text; describe what it shows, e.g. ![Students in the library](./library.jpg); for a purely decorative image write <Image src={…} alt="" />',
      'src/content/pages/about.mdx:7: <img> has no alt attribute; describe what it shows, e.g. ![Students in the library](./library.jpg); for a purely decorative image write <Image src={…} alt="" />',
    ]);
  });
});
