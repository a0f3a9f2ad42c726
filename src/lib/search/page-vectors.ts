import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawHit } from './pool.ts';
import type { Vocabulary } from './vocabulary.ts';
import type { WordVectors } from './word-vectors.ts';
import { readOncePerBundle } from './bundle-file.ts';

/** Written next to the Pagefind bundle at build time (integrations/page-vectors.ts): each page as a result… */
export const PAGE_VECTORS_FILE = 'page-vectors.json';
/** …and its vector: a float scale per page, then the pages' 8-bit components, row by row (as word-vectors.bin). */
export const PAGE_VECTORS_DATA = 'page-vectors.bin';

/**
 * The pages file, in row order: each page as the search returns it (its excerpt is the page's opening words), and
 * what it is about: the stems (stemOf) of the words of its title, aliases, keywords, headings and lead, joined by
 * spaces.
 */
export interface PageVectorsFile {
  dimensions: number;
  pages: RawHit[];
  about: string[];
}

/** Endings taken off a word to compare it with another, longest first. */
const ENDINGS = ['ations', 'ation', 'ities', 'ments', 'ings', 'ness', 'ment', 'ity', 'ing', 'ies', 'ied'];
/** Not "er": "careers" must not be "care". */
const SHORT_ENDINGS = ['ed', 'es', 'ly', 's', 'e'];
/**
 * A word without its commonest English ending (at least 4 letters kept): Pagefind stems the words of a query and
 * matches the stem as a prefix, and this is near enough to tell "morality" (stem "moral", on a page) from "remote"
 * ("remot", on none).
 * @example stemOf('morality') === 'moral'; stemOf('remote') === 'remot'; stemOf('careers') === 'career'
 */
export function stemOf(word: string): string {
  for (const ending of [...ENDINGS, ...SHORT_ENDINGS])
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  return word;
}

/** A page near a query in meaning, and how near: the cosine similarity of the vectors, and its closeness (below). */
export interface NearPage {
  hit: RawHit;
  similarity: number;
  closeness: number;
}

/** The pages near one query in meaning (PageVectors.near). */
export interface Near {
  closenessOf(url: string): number | undefined;
  nearest(k: number): NearPage[];
}

/**
 * How much a word says about what a page or a query is about: its inverse document frequency, ln(1 + pages /
 * pages with the word). A word on no page (one a visitor types, that the site never uses) counts as on one.
 * @example idf(100, 1) ≈ 4.6; idf(100, 50) ≈ 1.1
 */
export const idf = (pages: number, withWord: number) => Math.log(1 + pages / Math.max(1, withWord));

/**
 * A query's vector: the mean of its words' vectors, each weighted by its IDF on the site, so "study" (on most
 * pages) says less than "remote". Words without a vector (stop words, codes, the commonest site words) add nothing;
 * undefined when none has one.
 */
export function queryVector(
  words: string[],
  vectors: WordVectors,
  vocabulary: Vocabulary | undefined,
): Float32Array | undefined {
  let sum: Float32Array | undefined;
  for (const word of new Set(words)) {
    const vector = vectors.vectorOf(word);
    if (!vector) continue;
    sum ??= new Float32Array(vector.length);
    const weight = idf(vocabulary?.pageCount ?? 1, vocabulary?.pagesWith(word) ?? 0);
    for (let i = 0; i < vector.length; i++) sum[i] += weight * vector[i];
  }
  return sum;
}

/**
 * One vector per indexed page (its words' vectors, weighted: integrations/page-vectors.ts), quantized to 8 bits.
 * `near` compares a query's vector with every page of the requested type: 100 multiply-adds a page, one pass,
 * about 1 ms at 10,000 pages (docs/search.md has the figure).
 */
export class PageVectors {
  readonly #pages: RawHit[];
  readonly #dimensions: number;
  readonly #scales: Float32Array;
  readonly #data: Int8Array;
  readonly #rows = new Map<string, number>();
  readonly #about: string[];
  /** Each row's type, as an index into #typeNames: the type filter compares small integers, not strings. */
  readonly #types: Uint8Array;
  readonly #typeNames: string[];

  constructor(file: PageVectorsFile, bin: Uint8Array) {
    const n = file.pages.length;
    this.#pages = file.pages;
    this.#about = file.about;
    this.#dimensions = file.dimensions;
    if (bin.byteLength !== n * 4 + n * file.dimensions) throw new Error('page vectors: data does not match the pages');
    const bytes = bin.byteOffset % 4 === 0 ? bin : new Uint8Array(bin);
    this.#scales = new Float32Array(bytes.buffer, bytes.byteOffset, n);
    this.#data = new Int8Array(bytes.buffer, bytes.byteOffset + n * 4, n * file.dimensions);
    file.pages.forEach((page, row) => this.#rows.set(page.url, row));
    this.#typeNames = [...new Set(file.pages.map((page) => page.type))];
    this.#types = Uint8Array.from(file.pages, (page) => this.#typeNames.indexOf(page.type));
  }

  get size(): number {
    return this.#pages.length;
  }

  /** Every indexed page, as the search returns it. */
  get pages(): readonly RawHit[] {
    return this.#pages;
  }

  /** The stems of what the page says it is about (title, aliases, keywords, headings, lead); undefined if not indexed. */
  aboutOf(url: string): Set<string> | undefined {
    const row = this.#rows.get(url);
    return row === undefined ? undefined : new Set(this.#about[row].split(' '));
  }

  /**
   * The cosine similarity of `query` with each page of `type` (every page when none), in row order; NaN for a page
   * of another type. One pass, no allocation but the answer.
   */
  scan(query: Float32Array, type?: string): Float32Array {
    const d = this.#dimensions;
    const n = this.#pages.length;
    const out = new Float32Array(n).fill(Number.NaN);
    if (query.length !== d) return out;
    // The query quantized too, so a dot product is a sum of small integers: held in 32 bits (at most 100 × 127 × 127),
    // which V8 runs faster than doubles (1.0–1.3 ms against 2 ms for 10,000 rows in a micro-benchmark); its own
    // rounding costs about what the pages' does (0.01 of a cosine).
    let largest = 0;
    let norm = 0;
    for (let i = 0; i < d; i++) {
      largest = Math.max(largest, Math.abs(query[i]));
      norm += query[i] * query[i];
    }
    if (largest === 0) return out;
    const q = new Int32Array(d);
    for (let i = 0; i < d; i++) q[i] = Math.round((query[i] / largest) * 127);
    const queryScale = largest / 127 / Math.sqrt(norm);
    const wanted = type === undefined ? -1 : this.#typeNames.indexOf(type);
    if (type !== undefined && wanted < 0) return out;
    const data = this.#data;
    const types = this.#types;
    const scales = this.#scales;
    for (let row = 0, offset = 0; row < n; row++, offset += d) {
      if (wanted >= 0 && types[row] !== wanted) continue;
      let dot = 0;
      let i = 0;
      // Two products a step: a little faster in V8 than one (the micro-benchmark's 1.0 against 1.2 ms).
      for (; i + 1 < d; i += 2) dot = (dot + q[i] * data[offset + i] + q[i + 1] * data[offset + i + 1]) | 0;
      if (i < d) dot = (dot + q[i] * data[offset + i]) | 0;
      out[row] = dot * scales[row] * queryScale;
    }
    return out;
  }

  /**
   * The pages near `query` in meaning, by `closeness`: how many standard deviations nearer the query a page is than
   * the average page of the type. Cosine similarities of word-vector means are all high and close together (0.5 to
   * 0.7 on this site), and their spread depends on the site; standard deviations mean the same on any site.
   * `closenessOf(url)` for any page (undefined for one of another type or not indexed), `nearest(k)` the k nearest.
   * @example vectors.near(queryVector(['immigration'], words, vocabulary)!).nearest(3)
   */
  near(query: Float32Array, type?: string): Near {
    const similarities = this.scan(query, type);
    let n = 0;
    let sum = 0;
    let squares = 0;
    for (let row = 0; row < similarities.length; row++) {
      const s = similarities[row];
      if (s !== s) continue; // NaN: a page of another type
      n++;
      sum += s;
      squares += s * s;
    }
    const mean = n > 0 ? sum / n : 0;
    const spread = Math.sqrt(Math.max(0, squares / Math.max(1, n) - mean * mean)) || 1;
    const closeness = (row: number) => (similarities[row] - mean) / spread;
    return {
      closenessOf: (url) => {
        const row = this.#rows.get(url);
        return row === undefined || Number.isNaN(similarities[row]) ? undefined : closeness(row);
      },
      nearest: (k) => {
        // A bounded insertion list: k is a page of results, the pages are thousands.
        const best: { row: number; similarity: number }[] = [];
        if (k <= 0) return [];
        let floor = -Infinity; // the k-th best so far
        for (let row = 0; row < similarities.length; row++) {
          const similarity = similarities[row];
          if (!(similarity > floor)) continue; // not better, or NaN (another type)
          let at = best.length;
          while (at > 0 && best[at - 1].similarity < similarity) at--;
          best.splice(at, 0, { row, similarity });
          if (best.length > k) best.pop();
          if (best.length === k) floor = best[k - 1].similarity;
        }
        return best.map(({ row, similarity }) => ({ hit: this.#pages[row], similarity, closeness: closeness(row) }));
      },
    };
  }
}

/** The page vectors of a Pagefind bundle, read once; undefined when the build wrote none (no semantic signal). */
export const pageVectorsOf = readOncePerBundle(
  (bundleDir) =>
    new PageVectors(
      JSON.parse(readFileSync(join(bundleDir, PAGE_VECTORS_FILE), 'utf8')) as PageVectorsFile,
      readFileSync(join(bundleDir, PAGE_VECTORS_DATA)),
    ),
);
