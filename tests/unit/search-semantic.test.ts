import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  FIELD_WEIGHTS,
  aboutStems,
  pageVectors,
  wordWeights,
  writePageVectors,
  type PageText,
} from '../../integrations/page-vectors.ts';
import { quantize, quantizeRows } from '../../integrations/search-vectors.ts';
import {
  FEW_PAGES,
  LEXICAL_HEAD_START,
  MIN_CLOSENESS,
  fuseByMeaning,
  missingWords,
  weakEvidence,
} from '../../src/lib/search/hybrid.ts';
import {
  PAGE_VECTORS_DATA,
  PAGE_VECTORS_FILE,
  PageVectors,
  idf,
  pageVectorsOf,
  queryVector,
  stemOf,
  type Near,
  type PageVectorsFile,
} from '../../src/lib/search/page-vectors.ts';
import type { RawAnswer, RawHit } from '../../src/lib/search/pool.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';
import { WordVectors } from '../../src/lib/search/word-vectors.ts';

/** Vectors in 3 dimensions, so which pages are near which words is plain to see. */
const RAW: Record<string, number[]> = {
  careers: [1, 0, 0],
  employment: [0.9, 0.1, 0],
  referee: [0.2, 0.9, 0.1],
  greek: [0, 0, 1],
  hebrew: [0.1, 0, 0.95],
};
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v.map((x) => x / norm));
};
const wordMap = new Map(Object.entries(RAW).map(([w, v]) => [w, unit(v)]));
const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot / Math.hypot(...Array.from(a)) / Math.hypot(...Array.from(b));
};

function wordVectors(words: string[]): WordVectors {
  const { scales, data, dimensions } = quantize(words, wordMap);
  return new WordVectors(
    { dimensions, siteWords: words.length, words },
    Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]),
  );
}

const hit = (url: string, type = 'handbook', title = url): RawHit => ({ url, title, type, excerpt: '' });

function pageVectorsFor(rows: [RawHit, number[], string][]): PageVectors {
  const { scales, data, dimensions } = quantizeRows(rows.map(([, v]) => unit(v)));
  const file: PageVectorsFile = { dimensions, pages: rows.map(([h]) => h), about: rows.map(([, , a]) => a) };
  return new PageVectors(file, Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]));
}

describe('page vectors: the maths', () => {
  it('stems words as Pagefind matches them, crudely: common endings off, four letters kept', () => {
    expect(stemOf('morality')).toBe('moral');
    expect(stemOf('remote')).toBe('remot');
    expect(stemOf('employment')).toBe('employ');
    expect(stemOf('study')).toBe('study');
    expect(stemOf('careers')).toBe('career'); // not "care"
    expect(stemOf('uses')).toBe('uses');
  });

  it('weighs a word by its inverse document frequency, a word on no page as on one', () => {
    expect(idf(100, 1)).toBeCloseTo(Math.log(101));
    expect(idf(100, 0)).toBe(idf(100, 1));
    expect(idf(100, 50)).toBeLessThan(idf(100, 5));
  });

  it("sums a query's word vectors weighted by IDF, skipping words without one", () => {
    const vocabulary = new Vocabulary({
      pages: 100,
      words: [
        ['careers', 1],
        ['greek', 90],
      ],
    });
    const vectors = wordVectors(['careers', 'greek']);
    const v = queryVector(['careers', 'greek', 'zzz'], vectors, vocabulary)!;
    const expected = [idf(100, 1), 0, idf(100, 90)];
    expect(cosine(v, expected)).toBeGreaterThan(0.9999);
    expect(queryVector(['zzz'], vectors, vocabulary)).toBeUndefined();
  });

  it('scores pages by cosine similarity within 8-bit rounding, only of the type asked for', () => {
    const pages = pageVectorsFor([
      [hit('/careers/'), [1, 0, 0], ''],
      [hit('/greek/', 'course'), [0, 0, 1], ''],
      [hit('/both/'), [1, 0, 1], ''],
    ]);
    const q = Float32Array.from([2, 0, 0]); // any length: the query is normalised
    const all = pages.scan(q);
    expect(all[0]).toBeCloseTo(1, 2);
    expect(all[1]).toBeCloseTo(0, 2);
    expect(all[2]).toBeCloseTo(Math.SQRT1_2, 2);
    const handbook = pages.scan(q, 'handbook');
    expect(Number.isNaN(handbook[1])).toBe(true);
    expect(handbook[0]).toBeCloseTo(1, 2);
  });

  it('measures closeness in standard deviations from the average page, and finds the k nearest', () => {
    const pages = pageVectorsFor([
      [hit('/a/'), [1, 0, 0], ''],
      [hit('/b/'), [0, 1, 0], ''],
      [hit('/c/'), [1, 1, 0], ''],
      [hit('/d/', 'course'), [0, 0, 1], ''],
    ]);
    const near = pages.near(Float32Array.from([1, 0, 0]), 'handbook');
    const sims = [1, 0, Math.SQRT1_2];
    const mean = sims.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(sims.reduce((a, s) => a + (s - mean) ** 2, 0) / 3);
    expect(near.closenessOf('/a/')).toBeCloseTo((1 - mean) / sd, 1);
    expect(near.closenessOf('/b/')).toBeCloseTo((0 - mean) / sd, 1);
    expect(near.closenessOf('/d/')).toBeUndefined(); // another type
    expect(near.closenessOf('/nowhere/')).toBeUndefined();
    expect(near.nearest(2).map((n) => n.hit.url)).toEqual(['/a/', '/c/']);
    expect(near.nearest(10)).toHaveLength(3);
  });
});

describe('page vectors: the build', () => {
  const careers: PageText = {
    title: 'Careers',
    names: ['employment'],
    headings: ['Referee'],
    content: 'Careers. Careers careers advice. Ask a referee.',
  };

  it('weighs a word by its count in the text (1 + ln n) plus a weight for each field it is in', () => {
    const weights = wordWeights(careers, (w) => wordMap.has(w));
    // "careers": 3 times in the text (title included), and in the title and the lead.
    expect(weights.get('careers')).toBeCloseTo(1 + Math.log(3) + FIELD_WEIGHTS.title + FIELD_WEIGHTS.lead);
    // "employment": only an alias.
    expect(weights.get('employment')).toBe(FIELD_WEIGHTS.names);
    expect(weights.get('referee')).toBeCloseTo(1 + FIELD_WEIGHTS.headings + FIELD_WEIGHTS.lead);
    expect(weights.has('advice')).toBe(false); // no vector
  });

  it('makes each page the IDF-weighted sum of its words, of length 1: a rare word counts more', () => {
    const page: PageText = { title: 'x', names: [], headings: [], content: 'careers greek' };
    const [even] = pageVectors([page], wordMap, () => 1);
    expect(Math.hypot(...even)).toBeCloseTo(1);
    // Both words once, both in the lead: equal weights, so the page points between them.
    expect(cosine(even, [1, 0, 1])).toBeCloseTo(1, 5);
    const [rareGreek] = pageVectors([page, page, page], wordMap, (w) => (w === 'greek' ? 1 : 3));
    expect(rareGreek[2]).toBeGreaterThan(rareGreek[0]);
  });

  it('keeps the stems of what a page says it is about: title, names, headings and lead, not the rest', () => {
    const lead = Array.from({ length: 40 }, () => 'filler').join(' ');
    const page = { ...careers, names: ['jobs'], content: `Careers. Moral life. ${lead} employer` };
    const about = aboutStems(page).split(' ');
    expect(about).toEqual(expect.arrayContaining(['career', 'jobs', stemOf('referee'), 'moral', stemOf('filler')]));
    expect(about).not.toContain(stemOf('employer')); // past the lead
  });

  it("reads a course's teachers as what it is about, though its lead ends before them", () => {
    const lead = Array.from({ length: 40 }, () => 'filler').join(' ');
    const course = { title: 'Introduction to the Bible', names: [], headings: [], content: `Intro. ${lead} Okafor` };
    expect(aboutStems(course).split(' ')).not.toContain('okafor');
    expect(aboutStems({ ...course, teachers: ['Dr. Samuel Okafor'] }).split(' ')).toContain('okafor');
  });

  it('writes each indexed page as a result, its vector and what it is about, from the fragments', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'page-vectors-'));
    mkdirSync(join(bundle, 'fragment'));
    writeFileSync(join(bundle, 'vocabulary.json'), JSON.stringify({ pages: 2, words: [['careers', 1]] }));
    const fragment = (name: string, body: object) =>
      writeFileSync(join(bundle, 'fragment', name), gzipSync(`pagefind_dcd${JSON.stringify(body)}`));
    fragment('en_1.pf_fragment', {
      url: '/careers/',
      content: 'Careers. Help with employment and careers.',
      meta: { title: 'Careers', aliases: 'jobs|work', keywords: 'cv' },
      filters: { type: ['handbook'] },
      anchors: [{ element: 'h2', text: 'Referee' }],
    });
    fragment('en_2.pf_fragment', {
      url: '/greek/',
      content: 'Greek. Hebrew and Greek.',
      meta: { title: 'Greek', level: 'introductory' },
      filters: { type: ['course'] },
    });
    expect(await writePageVectors(bundle, wordMap)).toMatchObject({ pages: 2 });
    const file = JSON.parse(readFileSync(join(bundle, PAGE_VECTORS_FILE), 'utf8')) as PageVectorsFile;
    expect(file.pages).toEqual([
      {
        url: '/careers/',
        title: 'Careers',
        type: 'handbook',
        excerpt: 'Help with employment and careers.',
        aliases: ['jobs', 'work'],
        keywords: ['cv'],
      },
      { url: '/greek/', title: 'Greek', type: 'course', excerpt: 'Hebrew and Greek.', level: 'introductory' },
    ]);
    expect(file.about[0].split(' ')).toEqual(
      expect.arrayContaining(['career', 'jobs', stemOf('referee'), stemOf('employment')]),
    );
    expect(readFileSync(join(bundle, PAGE_VECTORS_DATA)).length).toBe(2 * 4 + 2 * 3);
    const pages = pageVectorsOf(bundle)!;
    const q = queryVector(['employment'], wordVectors(['employment']), undefined)!;
    expect(pages.near(q).nearest(1)[0].hit.url).toBe('/careers/');
    expect(pages.aboutOf('/careers/')?.has(stemOf('referee'))).toBe(true);
  });
});

describe('hybrid search: when the words are weak evidence', () => {
  const vocabulary = new Vocabulary({
    pages: 10,
    words: [
      ['moral', 1],
      ['remove', 2],
      ['study', 8],
    ],
  });
  const answer = (...urls: string[]): RawAnswer => ({ total: urls.length, results: urls.map((u) => hit(u)) });
  const aboutOf = (about: Record<string, string[]>) => (h: RawHit) => new Set(about[h.url] ?? []);

  it('finds the words on no page as Pagefind matches them (by stem, as a prefix)', () => {
    expect(missingWords(['remote', 'morality', 'study', 'bib201'], vocabulary)).toEqual(['remote']);
    expect(missingWords(['remote'], undefined)).toEqual([]);
  });

  it('is weak when a word is on no page, whatever was found', () => {
    expect(weakEvidence(answer('/a/'), ['remote', 'study'], 50, ['remote'])).toBe(true);
  });

  it(`is strong when ${FEW_PAGES} pages or more hold every word`, () => {
    expect(weakEvidence(answer('/a/'), ['study'], FEW_PAGES, [], aboutOf({}))).toBe(false);
  });

  it('with fewer pages, is strong when a result says it is about a word of the query, weak when only in passing', () => {
    const about = aboutOf({ '/ethics/': ['moral', 'life'], '/apply/': ['apply', 'step'] });
    expect(weakEvidence(answer('/apply/', '/ethics/'), ['morality'], 2, [], about)).toBe(false);
    expect(weakEvidence(answer('/apply/', '/records/'), ['employment'], 2, [], about)).toBe(true);
    // Pages holding some words only (none holds them all) are weak evidence too.
    expect(weakEvidence(answer('/apply/'), ['employment', 'rights'], 0, [], about)).toBe(true);
    // Without what pages are about, the title, aliases and keywords tell.
    const titled = { total: 2, results: [{ ...hit('/x/'), title: 'Employment rights' }, hit('/y/')] };
    expect(weakEvidence(titled, ['employment'], 2, [])).toBe(false);
  });

  it('is strong when only one page holds every word, even in passing: as precise as words get', () => {
    expect(weakEvidence(answer('/careers/'), ['interview'], 1, [], aboutOf({}))).toBe(false);
  });

  it('is strong when no page holds every word but only one holds a word of them', () => {
    const ielts = new Vocabulary({
      pages: 40,
      words: [
        ['ielts', 1],
        ['score', 6],
      ],
    });
    expect(weakEvidence(answer('/international/'), ['ielts', 'score'], 0, [], aboutOf({}), ielts)).toBe(false);
    expect(weakEvidence(answer('/grading/'), ['score'], 0, [], aboutOf({}), ielts)).toBe(true);
  });
});

describe('hybrid search: the fusion', () => {
  /** A Near with the given closeness per URL (what PageVectors.near answers). */
  const nearOf = (closeness: Record<string, number>): Near => ({
    closenessOf: (url) => closeness[url],
    nearest: (k) =>
      Object.entries(closeness)
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([url, c]) => ({ hit: hit(url), similarity: 0, closeness: c })),
  });

  it('ranks by closeness plus a head start by lexical rank, and adds pages only meaning finds', () => {
    const lexical: RawAnswer = { total: 2, results: [hit('/apply/'), hit('/records/')] };
    const fused = fuseByMeaning(lexical, nearOf({ '/apply/': 1.2, '/records/': 0.8, '/careers/': 2.2 }), 10);
    expect(fused.results.map((r) => r.url)).toEqual(['/careers/', '/apply/', '/records/']);
    expect(fused.total).toBe(3);
  });

  it('keeps a lexical first place that is near enough: the head start is worth its closeness', () => {
    const lexical: RawAnswer = { total: 1, results: [hit('/ethics/')] };
    const close = 2 + LEXICAL_HEAD_START - 0.01;
    const fused = fuseByMeaning(lexical, nearOf({ '/ethics/': 2, '/doctrine/': close }), 10);
    expect(fused.results[0].url).toBe('/ethics/');
  });

  it(`adds no page that does not stand out (closeness under ${MIN_CLOSENESS}), and keeps to the limit`, () => {
    const lexical: RawAnswer = { total: 1, results: [hit('/a/')] };
    const near = nearOf({ '/a/': 0, '/b/': MIN_CLOSENESS - 0.1, '/c/': 3, '/d/': 2.5 });
    const fused = fuseByMeaning(lexical, near, 3);
    expect(fused.results.map((r) => r.url)).toEqual(['/c/', '/d/', '/a/']);
    expect(fused.total).toBe(3);
    expect(fuseByMeaning(lexical, near, 2).results.map((r) => r.url)).toEqual(['/c/', '/d/']);
  });
});
