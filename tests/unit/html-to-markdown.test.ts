import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, yamlFrontMatter } from '../../integrations/html-to-markdown.ts';

const twins: Record<string, string> = {
  '/courses/bib101/': '/courses/bib101.md',
  '/handbook/grading/': '/handbook/grading.md',
  '/courses/': '/courses.md',
  '/': '/index.md',
};
const options = { pageUrl: '/courses/bib201/', twinOf: (path: string) => twins[path] ?? twins[`${path}/`] };

/** A page as Base.astro renders it: chrome around <main>, the article inside. */
const page = (
  article: string,
  {
    type = 'course',
    meta = '{&quot;code&quot;:&quot;BIB201&quot;,&quot;credits&quot;:4,&quot;terms&quot;:[&quot;2027-spring&quot;]}',
  } = {},
) => `<!doctype html>
<html><head><title>BIB201: Biblical Greek I · Northgate Institute of Theology</title>
<meta name="description" content="Koine Greek: &quot;grammar&quot; and vocabulary."></head>
<body><header><nav><a href="/programs/">Programs</a></nav></header>
<main id="main"><article data-page-type="${type}" data-page-meta="${meta}" data-pagefind-body>${article}</article>
<nav aria-label="Handbook"><a href="/handbook/">Handbook nav</a></nav></main>
<footer><h2>Visit</h2><a href="/contact/">Contact us</a></footer></body></html>`;

describe('htmlToMarkdown', () => {
  it('writes front matter from the page: title without the site name, description, url, type and meta', () => {
    const md = htmlToMarkdown(page('<h1>BIB201</h1>'), options)!;
    expect(
      md.startsWith(`---
title: "BIB201: Biblical Greek I"
description: "Koine Greek: \\"grammar\\" and vocabulary."
url: "/courses/bib201/"
type: "course"
code: "BIB201"
credits: 4
terms: ["2027-spring"]
---
`),
    ).toBe(true);
  });

  it('keeps only the article: no header, navigation, aside or footer', () => {
    const md = htmlToMarkdown(
      page('<p class="breadcrumbs"><a href="/courses/">Courses</a></p><h1>Title</h1><p>Body</p>'),
      options,
    )!;
    expect(md).toContain('# Title\n\nBody');
    for (const chrome of ['Programs', 'Handbook nav', 'Visit', 'Contact us', 'Courses'])
      expect(md).not.toContain(chrome);
  });

  it('keeps headings, lists, tables, code and emphasis', () => {
    const md = htmlToMarkdown(
      page(`<h2 id="a">Section</h2><h3>Sub</h3>
      <ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>
      <table><thead><tr><th>Week</th><th>Topic</th></tr></thead><tbody><tr><td>1</td><td>Alphabet</td></tr></tbody></table>
      <p>Some <em>emphasis</em>, <strong>strong</strong> and <code>inline()</code>.</p>
      <pre><code class="language-sh">curl /api/health</code></pre>`),
      options,
    )!;
    expect(md).toContain('## Section\n\n### Sub');
    expect(md).toContain('- one\n- two');
    expect(md).toContain('1. first\n2. second');
    expect(md).toContain('| Week | Topic |\n| - | - |\n| 1 | Alphabet |');
    expect(md).toContain('Some _emphasis_, **strong** and `inline()`.');
    expect(md).toContain('```sh\ncurl /api/health\n```');
  });

  it('turns a callout into a blockquote and a definition list into a list', () => {
    const md = htmlToMarkdown(
      page(`<aside class="callout callout-tip" aria-label="Placement"><p class="callout-title"><strong>Placement</strong></p><p>Take the test.</p></aside>
      <dl class="facts"><dt>Credits</dt><dd>4</dd><dt>Prerequisites</dt><dd><a href="/courses/bib101/">BIB101</a></dd></dl>`),
      options,
    )!;
    expect(md).toContain('> **Placement**\n>\n> Take the test.');
    expect(md).toContain('- **Credits:** 4\n- **Prerequisites:** [BIB101](/courses/bib101.md)');
    expect(md).not.toMatch(/<\/?(aside|dl|dt|dd)/);
  });

  it('makes links absolute and points them to twins where a twin exists', () => {
    const md = htmlToMarkdown(
      page(`<p>
      <a href="/handbook/grading/">abs</a> <a href="../bib101/">rel</a> <a href="/courses/#languages">hash</a>
      <a href="#week-1">here</a> <a href="/search/?q=greek">search</a> <a href="https://example.org/x">ext</a>
      <a href="mailto:office@example.org">mail</a></p>`),
      options,
    )!;
    expect(md).toContain('[abs](/handbook/grading.md)');
    expect(md).toContain('[rel](/courses/bib101.md)');
    expect(md).toContain('[hash](/courses.md#languages)');
    expect(md).toContain('[here](/courses/bib201/#week-1)');
    expect(md).toContain('[search](/search/?q=greek)');
    expect(md).toContain('[ext](https://example.org/x)');
    expect(md).toContain('[mail](mailto:office@example.org)');
  });

  it('drops scripts, styles, forms and hidden things', () => {
    const md = htmlToMarkdown(
      page(`<p>Visible</p><script>alert(1)</script><style>p{}</style>
      <form><label>Email <input name="email"></label><button>Subscribe</button></form><p hidden>Secret</p><span aria-hidden="true">★</span>`),
      options,
    )!;
    expect(md).toContain('Visible');
    for (const gone of ['alert', 'p{}', 'Subscribe', 'Email', 'Secret', '★']) expect(md).not.toContain(gone);
  });

  it('returns undefined for a page without the article (not a content page)', () => {
    expect(
      htmlToMarkdown(
        '<!doctype html><html><head><meta http-equiv="refresh" content="0;url=/x/"></head><body></body></html>',
        options,
      ),
    ).toBeUndefined();
  });
});

describe('yamlFrontMatter', () => {
  it('quotes strings so YAML special characters survive', () => {
    expect(yamlFrontMatter({ title: 'A: B # c', n: 3, list: ['x'] })).toBe(
      '---\ntitle: "A: B # c"\nn: 3\nlist: ["x"]\n---\n',
    );
  });
});
