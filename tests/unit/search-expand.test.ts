import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prefixPages, quantize, readVectors, writeWordVectors } from '../../integrations/search-vectors.ts';
import {
  MAX_EXPANSIONS,
  expansionsFor,
  unknownTo,
  withExpansions,
  type Expansion,
} from '../../src/lib/search/expand.ts';
import type { RawAnswer, RawQuery } from '../../src/lib/search/pool.ts';
import { rewriteQuery } from '../../src/lib/search/query-rewrite.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';
import {
  WORD_VECTORS_DATA,
  WORD_VECTORS_FILE,
  WordVectors,
  singularOf,
  wordVectorsOf,
} from '../../src/lib/search/word-vectors.ts';

/** Vectors in 4 dimensions, so which words are near is plain to see. */
const RAW: Record<string, number[]> = {
  dorm: [1, 0.1, 0, 0],
  housing: [0.9, 0.2, 0, 0],
  residence: [0.8, 0.1, 0.3, 0],
  housings: [0.9, 0.3, 0.1, 0], // starts with "housing": Pagefind matches it already
  grievance: [0, 1, 0, 0],
  complaint: [0, 0.95, 0.1, 0],
  form: [0, 0, 0, 1],
  greek: [0, 0, 1, 0],
};
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v.map((x) => x / norm));
};

/** Builds WordVectors as the build would: the site's words first, then words the site never uses. */
function vectorsFor(siteWords: string[], outside: string[]): WordVectors {
  const words = [...siteWords, ...outside];
  const { scales, data, dimensions } = quantize(words, new Map(words.map((w) => [w, unit(RAW[w])])));
  return new WordVectors(
    { dimensions, siteWords: siteWords.length, words },
    Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]),
  );
}

const site = new Vocabulary({
  pages: 100,
  words: [
    ['housing', 2],
    ['residence', 3],
    ['housings', 1],
    ['complaint', 2],
    ['form', 9],
    ['doom', 1],
    ['greek', 5],
    ['beginning', 4],
  ],
});
const vectors = vectorsFor(['housing', 'residence', 'housings', 'complaint', 'form', 'greek'], ['dorm', 'grievance']);

/** The package's file format: words by frequency, then each vector with its length and rank. */
function packageJson(entries: [string, number[]][]): Buffer {
  const vectorsObject = entries
    .map(([w, v], rank) => `${JSON.stringify(w)}:[${[...v, Math.hypot(...v), rank].join(',')}]`)
    .join(',');
  return Buffer.from(
    `{"precision":8,"words":${JSON.stringify(entries.map(([w]) => w))},"vectors":{${vectorsObject}},"unkVector":[0,0,0,0,0,-1]}`,
  );
}

describe('word vectors: the build', () => {
  it('reads only the vectors asked for, scaled to length 1, skipping keys with escapes', () => {
    const json = packageJson([
      ['"', [1, 1, 1, 1]],
      ['the', [3, 4, 0, 0]],
      ['dorm', [1, 0.1, 0, 0]],
      ['zebra', [0, 0, 2, 0]],
    ]);
    const ranks: [string, number][] = [];
    const read = readVectors(json, (word, rank) => {
      ranks.push([word, rank]);
      return word !== 'zebra';
    });
    expect(ranks).toEqual([
      ['the', 1],
      ['dorm', 2],
      ['zebra', 3],
    ]);
    expect([...read.keys()]).toEqual(['the', 'dorm']);
    expect([...read.get('the')!]).toEqual([0.6000000238418579, 0.800000011920929, 0, 0]);
  });

  it('writes the site words that may expand a query first, then the common words the site never uses', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'vectors-'));
    writeFileSync(
      join(bundle, 'vocabulary.json'),
      JSON.stringify({
        pages: 10,
        words: [
          ['complaint', 1],
          ['form', 9], // on most pages: no use as an expansion
          ['greek', 2],
          ['the', 10], // a stop word
          ['bib201', 1], // not a word
        ],
      }),
    );
    const file = join(bundle, 'package.json');
    writeFileSync(
      file,
      packageJson([
        ['the', [1, 0, 0, 0]],
        ['form', RAW.form],
        ['grievance', RAW.grievance],
        ['greek', RAW.greek],
        ['complaint', RAW.complaint],
        ['dorm', RAW.dorm], // rank 5: past the 5 most frequent words
      ]),
    );
    const written = await writeWordVectors(bundle, { outsideWords: 5, maxPageShare: 0.2, maxSiteWords: 2 }, file);
    expect(written).toMatchObject({ words: 4, siteWords: 2 });
    // The site's commonest words come last: never an expansion, but a query's vector needs them (page-vectors.ts).
    const header = JSON.parse(readFileSync(join(bundle, WORD_VECTORS_FILE), 'utf8'));
    expect(header).toEqual({ dimensions: 4, siteWords: 2, words: ['greek', 'complaint', 'grievance', 'form'] });
    expect(readFileSync(join(bundle, WORD_VECTORS_DATA)).length).toBe(4 * 4 + 4 * 4);
    const vectors = wordVectorsOf(bundle);
    expect(vectors?.neighbours('grievance', 3, 0).map((n) => n.word)).not.toContain('form');
    expect(vectors?.neighbours('grievance', 3, 0.5).map((n) => n.word)).toEqual(['complaint']);
    expect([...(vectors?.vectorOf('form') ?? [])].map((x) => Math.round(x * 100) / 100)).toEqual([0, 0, 0, 1]);
    // Every content word of the site, for the page vectors.
    expect('site' in written && [...written.site.keys()].sort()).toEqual(['complaint', 'form', 'greek']);
  });

  it('says why when the vectors package is not installed, and writes nothing', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'vectors-'));
    expect(await writeWordVectors(bundle, undefined, null)).toEqual({
      skipped: expect.stringContaining('not installed'),
    });
    expect(wordVectorsOf(bundle)).toBeUndefined();
  });
});

describe('word vectors: which site words', () => {
  it('counts the pages a word finds as Pagefind does, with every word it starts', () => {
    expect(
      prefixPages([
        ['texts', 90],
        ['text', 1],
        ['tea', 2],
      ]),
    ).toEqual([
      ['tea', 2],
      ['text', 91],
      ['texts', 90],
    ]);
  });
});

describe('word vectors: neighbours', () => {
  it('finds the nearest site words, best first, above the threshold, not the word itself nor words it starts', () => {
    const near = vectors.neighbours('dorm', 3, 0.5);
    expect(near.map((n) => n.word)).toEqual(['housing', 'housings', 'residence']);
    // Quantized to 8 bits, a similarity stays within 0.01 of the exact cosine.
    const exact = unit(RAW.dorm).reduce((s, x, i) => s + x * unit(RAW.housing)[i], 0);
    expect(Math.abs(near[0].similarity - exact)).toBeLessThan(0.01);
    // "housings" is nearest of all, but Pagefind finds it for "housing" already.
    expect(vectors.neighbours('housing', 3, 0.5).map((n) => n.word)).toEqual(['residence']);
    expect(vectors.neighbours('dorm', 1, 0.5)).toHaveLength(1);
    expect(vectors.neighbours('dorm', 3, 0.999)).toEqual([]);
    expect(vectors.neighbours('zebra', 3, 0)).toEqual([]);
  });
  it('never offers a word the site does not use', () => {
    expect(vectors.neighbours('complaint', 5, 0).map((n) => n.word)).not.toContain('grievance');
  });
  it('reads a plural without a vector as its singular (the file holds the commonest words, not every plural)', () => {
    expect(vectors.has('dorms')).toBe(true);
    expect(vectors.neighbours('dorms', 3, 0.5)).toEqual(vectors.neighbours('dorm', 3, 0.5));
    expect(vectors.similarity('complaints', 'grievances')).toBe(vectors.similarity('complaint', 'grievance'));
    // A plural with a vector of its own keeps it.
    expect(vectors.vectorOf('housings')).not.toEqual(vectors.vectorOf('housing'));
    expect(['treasurers', 'churches', 'studies', 'classes', 'bus', 'focus'].map(singularOf)).toEqual([
      'treasurer',
      'church',
      'study',
      'class',
      'bus',
      'focus',
    ]);
  });
});

describe('query expansion: when', () => {
  it('reads a word as on no page when no indexed word shares its first 60%, as Pagefind would match its stem', () => {
    const unknown = unknownTo(site);
    expect(unknown('dorm')).toBe(true);
    expect(unknown('beginners')).toBe(false); // "beginning": Pagefind matches the stem
    expect(unknown('housing')).toBe(false);
    expect(unknown('bib201')).toBe(false);
    expect(unknownTo(undefined)('dorm')).toBe(false);
  });
  it('replaces a word on no page with its neighbours, nearest first', () => {
    const expansions = expansionsFor(['dorm'], site, vectors);
    expect(expansions.map((e) => e.words)).toEqual([['housing'], ['housings'], ['residence']]);
    expect(expansions[0].weight).toBeGreaterThan(expansions[1].weight);
  });
  it('never expands a query whose words are all on the site', () => {
    expect(expansionsFor(['housing'], site, vectors)).toEqual([]);
    expect(expansionsFor(['housing', 'greek'], site, vectors)).toEqual([]);
  });
  it('keeps the other words, gives another unknown word its best neighbour, and drops one with none', () => {
    const expansions = expansionsFor(['dorm', 'greek', 'grievance', 'zebra'], site, vectors);
    expect(expansions.map((e) => e.words)).toContainEqual(['housing', 'greek', 'complaint']);
    expect(expansions.map((e) => e.words)).toContainEqual(['residence', 'greek', 'complaint']);
    expect(expansions.every((e) => !e.words.includes('zebra'))).toBe(true);
    expect(expansions.length).toBeLessThanOrEqual(MAX_EXPANSIONS);
  });
  it("leaves a word the synonyms file put in the query as it is: the editors' choice", () => {
    expect(expansionsFor(['dorm'], site, vectors, ['residence', 'hall'])).toEqual([]);
  });
  it('does nothing without vectors (a build without the package)', () => {
    expect(expansionsFor(['dorm'], site, undefined)).toEqual([]);
  });
  it('keeps a word the vectors know as typed instead of correcting it as a typo', () => {
    expect(rewriteQuery('dorm', site)).toMatchObject({ words: ['doom'], suggestion: 'doom' });
    const meant = (w: string) => vectors.neighbours(w, 3, 0.5).length > 0;
    expect(rewriteQuery('dorm', site, meant)).toEqual({ words: ['dorm'], codes: [] });
  });
});

describe('query expansion: ranking', () => {
  const hit = (url: string) => ({ url, title: url, type: 'page', excerpt: '' });
  const answer = (...urls: string[]): RawAnswer => ({ total: urls.length, results: urls.map(hit) });
  const lists: Record<string, RawAnswer> = {
    dorm: answer('/own/', '/loose/', '/third/'),
    housing: answer('/housing/', '/fees/'),
    residence: answer('/residence/', '/housing/'),
    broad: answer(...Array.from({ length: 30 }, (_, i) => `/p${i}/`)),
  };
  const asked: RawQuery[] = [];
  const run = async (q: RawQuery) => {
    asked.push(q);
    const list = lists[q.q] ?? answer();
    return { total: list.total, results: list.results.slice(q.offset, q.offset + q.limit) };
  };
  const query: RawQuery = { q: 'dorm', limit: 10, offset: 0 };
  const expansion = (words: string[], weight: number): Expansion => ({ words, weight });

  it("puts the neighbours' pages first, merged (a page several find ranks higher), then Pagefind's loose match", async () => {
    const merged = await withExpansions(
      query,
      ['dorm'],
      answer('/loose/', '/fees/'),
      true,
      [expansion(['housing'], 0.6), expansion(['residence'], 0.55)],
      run,
      100,
    );
    // "/housing/" is found by both neighbours: they agree.
    expect(merged.results.map((r) => r.url)).toEqual(['/housing/', '/residence/', '/fees/', '/loose/']);
    expect(merged.total).toBe(4);
  });
  it('adds nothing from an alternative that matches most of the site', async () => {
    const merged = await withExpansions(query, ['x'], answer('/a/'), true, [expansion(['broad'], 0.9)], run, 100);
    expect(merged.results.map((r) => r.url)).toEqual(['/a/']);
  });
  it('pages through the merged list: the own pages are read from the first for a later window', async () => {
    asked.length = 0;
    const merged = await withExpansions(
      { q: 'dorm', limit: 1, offset: 2 },
      ['dorm'],
      { total: 3, results: [] },
      true,
      [expansion(['residence'], 0.9)],
      run,
      100,
    );
    expect(asked[0]).toMatchObject({ q: 'dorm', offset: 0 });
    expect(merged.results.map((r) => r.url)).toEqual(['/own/']); // after /residence/ and /housing/
    expect(merged.total).toBe(5);
  });
  it('changes nothing without expansions', async () => {
    const own = answer('/a/');
    expect(await withExpansions(query, ['a'], own, true, [], run)).toBe(own);
  });
});
