import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexWords, spaceCells } from '../../integrations/search-text.ts';
import { codesFirst, rankPartial } from '../../src/lib/search/partial.ts';
import type { RawAnswer, RawQuery } from '../../src/lib/search/pool.ts';
import { rewriteQuery, words } from '../../src/lib/search/query-rewrite.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';
import { synonymsFileSchema } from '../../src/schemas/synonyms.ts';

const site = new Vocabulary({
  pages: 10,
  words: [
    ['theology', 9],
    ['theological', 3],
    ['greek', 4],
    ['great', 1],
    ['the101', 2],
    ['mus101', 2],
    ['bib201', 3],
    ['tuition', 2],
    ['fees', 2],
    ['scholarships', 1],
    ['master', 3],
    ['divinity', 2],
    ['refunds', 1],
    ['hebrew', 3],
  ],
});

describe('synonyms file', () => {
  it('is valid against its schema (editors change it; the build imports it)', () => {
    const file = synonymsFileSchema.parse(JSON.parse(readFileSync('src/content/search-synonyms.json', 'utf8')));
    expect(file.synonyms.length).toBeGreaterThan(0);
  });
  it('refuses an entry without what it means, or with unknown fields', () => {
    expect(synonymsFileSchema.safeParse({ synonyms: [{ typed: ['MDiv'] }] }).success).toBe(false);
    expect(synonymsFileSchema.safeParse({ synonyms: [{ typed: [], means: 'x' }] }).success).toBe(false);
    expect(synonymsFileSchema.safeParse({ synonyms: [{ typed: ['a'], means: 'b', extra: 1 }] }).success).toBe(false);
  });
});

describe('query rewriting', () => {
  it('reads dots in abbreviations away and splits on hyphens', () => {
    expect(words('M.Div. lan-301')).toEqual(['mdiv', 'lan', '301']);
  });
  it('joins course codes typed with a space or hyphen, in any case, when the site has that code', () => {
    expect(rewriteQuery('THE 101', site)).toEqual({ words: ['the101'], codes: ['the101'] });
    expect(rewriteQuery('bib-201', site)).toEqual({ words: ['bib201'], codes: ['bib201'] });
    expect(rewriteQuery('Mus101', site).codes).toEqual(['mus101']);
    expect(rewriteQuery('the 999', site).codes).toEqual([]);
  });
  it('reads a subject word and a number as the course code its letters begin, when the site has it', () => {
    expect(rewriteQuery('theology 101', site)).toEqual({ words: ['the101'], codes: ['the101'] });
    expect(rewriteQuery('Bible 201', site).codes).toEqual(['bib201']);
    expect(rewriteQuery('music-101', site).codes).toEqual(['mus101']);
    expect(rewriteQuery('theo 101', site).codes).toEqual(['the101']);
    expect(rewriteQuery('theology 999', site).codes).toEqual([]);
    expect(rewriteQuery('greek 201', site).codes).toEqual([]);
  });
  it('applies the synonyms (other spellings, word forms, everyday words)', () => {
    expect(rewriteQuery('fees', site).words).toEqual(['tuition', 'fees']);
    expect(rewriteQuery('how much is a refund', site).words).toEqual(['tuition', 'fees', 'refunds']);
    expect(rewriteQuery('counseling', site).words).toEqual(['counselling']);
    // A level word however strongly said.
    expect(rewriteQuery('hebrew for complete beginners', site).words).toEqual(['hebrew', 'introduction']);
  });
  it("leaves a page's other names to its aliases (front matter), searched as typed", () => {
    expect(rewriteQuery('M.Div.', site).words).toEqual(['mdiv']);
    expect(rewriteQuery('can i get my money back', site).words).toEqual(['money', 'back']);
  });
  it('drops stop words unless nothing else is left', () => {
    expect(rewriteQuery('what is hebrew', site).words).toEqual(['hebrew']);
    expect(rewriteQuery('the', site).words).toEqual(['the']);
  });
  it('corrects a word the site does not have to its nearest word, and says so', () => {
    expect(rewriteQuery('theolgy', site)).toEqual({ words: ['theology'], codes: [], suggestion: 'theology' });
    expect(rewriteQuery('greak', site).suggestion).toBe('greek');
    expect(rewriteQuery('scholarshp', site).words).toEqual(['scholarships']);
  });
  it('leaves alone known words, prefixes of known words, numbers and words nothing is near', () => {
    expect(rewriteQuery('theolog', site).suggestion).toBeUndefined();
    expect(rewriteQuery('greek 2027', site).suggestion).toBeUndefined();
    expect(rewriteQuery('zyxwvut', site)).toEqual({ words: ['zyxwvut'], codes: [] });
  });
  it('without a vocabulary still rewrites, but corrects nothing', () => {
    expect(rewriteQuery('theolgy THE 101')).toEqual({ words: ['theolgy', 'the101'], codes: ['the101'] });
  });
});

describe('vocabulary', () => {
  it('prefers fewer edits, then the word on more pages', () => {
    expect(site.correct('grek')).toBe('greek');
    expect(site.correct('theologcal')).toBe('theological');
    expect(site.hasPrefix('theo')).toBe(true);
    expect(site.hasPrefix('theox')).toBe(false);
  });
});

describe('partial matches', () => {
  const hit = (url: string) => ({ url, title: url, type: 'page', excerpt: '' });
  const lists: Record<string, RawAnswer> = {
    refunds: { total: 2, results: [hit('/refunds/'), hit('/fees/')] },
    wedding: { total: 0, results: [] },
    the: { total: 90, results: [hit('/home/'), hit('/fees/')] },
  };
  const run = async (q: RawQuery) => lists[q.q] ?? { total: 0, results: [] };
  it('ranks pages by how many, and how rare, of the words they hold; never answers nothing for a known word', async () => {
    const answer = await rankPartial(
      { q: 'refunds wedding the', limit: 10, offset: 0 },
      ['refunds', 'wedding', 'the'],
      run,
    );
    expect(answer.results.map((r) => r.url)).toEqual(['/fees/', '/refunds/', '/home/']);
    expect(answer.total).toBe(3);
  });
  it('searches at most six words alone, however long the query', async () => {
    const asked: string[] = [];
    const many = Array.from({ length: 30 }, (_, i) => `word${i}`);
    await rankPartial({ q: many.join(' '), limit: 10, offset: 0 }, many, async (q) => {
      asked.push(q.q);
      return { total: 0, results: [] };
    });
    expect(asked.length).toBe(6);
  });
  it('corrects at most four words of a query', () => {
    const fixed = rewriteQuery('theolgy hebrw greak scholarshp refnds', site).words;
    expect(fixed).toEqual(['theology', 'hebrew', 'greek', 'scholarships', 'refnds']);
  });
  it('puts the pages of the course codes asked for first', () => {
    const answer = codesFirst({ total: 2, results: [hit('/courses/mus101/'), hit('/courses/the101/')] }, ['the101']);
    expect(answer.results[0]!.url).toBe('/courses/the101/');
  });
});

describe('indexed text', () => {
  it('keeps the words of fact lists and tables apart', () => {
    const html = spaceCells('<dl><dt>Credits</dt><dd>3</dd></dl><table><tr><th>Code</th><td>BIB101</td></tr></table>');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Credits 3 Code BIB101 ');
    expect(indexWords('BIB101: Introduction')).toEqual(['bib101', 'introduction']);
  });
});
