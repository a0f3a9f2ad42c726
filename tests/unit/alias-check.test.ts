import { describe, expect, it } from 'vitest';
import { findSharedAliases } from '../../integrations/alias-check.ts';
import type { ContentSource } from '../../integrations/content-sources.ts';

const page = (file: string, title: string, aliases: string[], draft = false): ContentSource => ({
  file,
  collection: 'pages',
  url: `/${file}/`,
  draft,
  redirectFrom: [],
  title,
  aliases,
  questions: [],
  text: `---\ntitle: ${title}\naliases: ${JSON.stringify(aliases)}\n---\n`,
});

describe('findSharedAliases: one name leads to one page', () => {
  it('names both files when two published pages share an alias (case and punctuation aside)', () => {
    const problems = findSharedAliases([
      page('give', 'Give to Northgate', ['Donate', 'support us']),
      page('about', 'About Northgate', ['about us', 'support-us']),
    ]);
    expect(problems).toEqual([
      'about:3: alias "support-us" is also an alias of give; a name leads to one page: remove it from one of them, or make it a keyword',
    ]);
  });

  it("refuses an alias that is another page's title, and lets a page repeat its own title", () => {
    expect(
      findSharedAliases([page('refunds', 'Refunds', ['refunds']), page('fees', 'Tuition and fees', ['Refunds'])]),
    ).toEqual(['fees:3: alias "Refunds" is the title of refunds; a name leads to one page: remove the alias']);
  });

  it('leaves drafts out, as the site does', () => {
    expect(findSharedAliases([page('a', 'A page', ['housing']), page('b', 'B page', ['housing'], true)])).toEqual([]);
  });
});
