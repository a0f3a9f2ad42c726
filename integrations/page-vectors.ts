import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PAGE_VECTORS_DATA,
  PAGE_VECTORS_FILE,
  idf,
  stemOf,
  type PageVectorsFile,
} from '../src/lib/search/page-vectors.ts';
import type { RawHit } from '../src/lib/search/pool.ts';
import { VOCABULARY_FILE, type VocabularyFile } from '../src/lib/search/vocabulary.ts';
import { indexWords, readFragments, type PagefindFragment } from './search-text.ts';
import { contentWord, quantizeRows } from './search-vectors.ts';

/** What a page says about itself, by where it says it (read from its Pagefind fragment). */
export interface PageText {
  title: string;
  /** Front matter aliases and keywords: the names editors gave the page. */
  names: string[];
  /** Its headings. */
  headings: string[];
  /** Who teaches it (a course's instructors): what it is about, not words of its meaning. */
  teachers?: string[];
  /** Its text, title and lead first (the lead is the summary under the title). */
  content: string;
}

/**
 * How much a word counts by where it is, on top of its count in the text (1 + ln of the times it occurs): what a
 * page names itself and puts first says what it is about; the text also mentions things in passing. Chosen on the
 * tuning part of eval/search.json (docs/search.md).
 */
export const FIELD_WEIGHTS = { title: 6, names: 6, headings: 2, lead: 2 };
/** The lead: the first words after the title (the page's summary). */
export const LEAD_WORDS = 40;
/** The excerpt of a page the words did not find (only its meaning did): its opening words. */
const EXCERPT_WORDS = 30;

/** A page's content without the title it starts with. */
function afterTitle(page: PageText): string {
  const content = page.content.trimStart();
  return content.startsWith(page.title) ? content.slice(page.title.length).replace(/^[\s.:]+/, '') : content;
}

/** The page's lead: the first LEAD_WORDS words after its title. */
const leadOf = (page: PageText) => afterTitle(page).split(/\s+/).slice(0, LEAD_WORDS).join(' ');

/**
 * What a page says it is about, for the search to tell a query's word there from one in passing: the stems of the
 * content words of its title, aliases, keywords, headings, teachers and lead, joined by spaces.
 * @example aboutStems({ title: 'Theological ethics', names: [], headings: [], content: '… moral life …' }) includes 'moral'
 */
export function aboutStems(page: PageText): string {
  const text = [page.title, ...page.names, ...page.headings, ...(page.teachers ?? []), leadOf(page)].join(' ');
  return [...new Set(indexWords(text).filter(contentWord).map(stemOf))].join(' ');
}

/**
 * Each word of a page with its weight: its count in the text (1 + ln n) plus FIELD_WEIGHTS for each field it is in.
 * Only words `keep` accepts (those with a vector).
 * @example wordWeights({ title: 'Refunds', names: [], headings: [], content: 'Refunds. Fees are refunded.' }, …)
 */
export function wordWeights(page: PageText, keep: (word: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of indexWords(page.content)) if (keep(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [word, n] of counts) weights.set(word, 1 + Math.log(n));
  const add = (text: string, weight: number) => {
    for (const word of new Set(indexWords(text))) if (keep(word)) weights.set(word, (weights.get(word) ?? 0) + weight);
  };
  add(page.title, FIELD_WEIGHTS.title);
  add(page.names.join(' '), FIELD_WEIGHTS.names);
  add(page.headings.join(' '), FIELD_WEIGHTS.headings);
  add(leadOf(page), FIELD_WEIGHTS.lead);
  return weights;
}

/**
 * The pages' vectors: each the sum of its words' vectors weighted by wordWeights × IDF, scaled to length 1.
 * (Less the mean page, so that what every page of the site shares would not count, ranked the tuning queries' pages
 * lower: docs/search.md.)
 */
export function pageVectors(
  pages: PageText[],
  vectors: Map<string, Float32Array>,
  pagesWith: (word: string) => number,
): Float32Array[] {
  const dimensions = vectors.values().next().value?.length ?? 0;
  return pages.map((page) => {
    const sum = new Float32Array(dimensions);
    for (const [word, weight] of wordWeights(page, (w) => vectors.has(w))) {
      const w = weight * idf(pages.length, pagesWith(word));
      const vector = vectors.get(word)!;
      for (let i = 0; i < dimensions; i++) sum[i] += w * vector[i];
    }
    const norm = Math.hypot(...sum) || 1;
    return sum.map((x) => x / norm);
  });
}

/** A Pagefind fragment, as far as it is read here (the worker turns the same fields into a RawHit). */
/** The page as a search result (as worker.ts builds it), its excerpt its opening words; and its text by field. */
function readFragment(fragment: PagefindFragment): { hit: RawHit; text: PageText } {
  const meta = fragment.meta ?? {};
  const title = meta.title ?? fragment.url;
  const aliases = meta.aliases?.split('|') ?? [];
  const keywords = meta.keywords?.split('|') ?? [];
  const text: PageText = {
    title,
    names: [...aliases, ...keywords],
    headings: (fragment.anchors ?? []).filter((a) => /^h[2-6]$/.test(a.element)).map((a) => a.text),
    teachers: meta.instructors?.split('|') ?? [],
    content: fragment.content ?? '',
  };
  const opening = afterTitle(text).split(/\s+/);
  const hit: RawHit = {
    url: fragment.url,
    title,
    type: fragment.filters?.type?.[0] ?? 'page',
    excerpt: opening.slice(0, EXCERPT_WORDS).join(' ') + (opening.length > EXCERPT_WORDS ? ' …' : ''),
    ...(aliases.length > 0 ? { aliases } : {}),
    ...(keywords.length > 0 ? { keywords } : {}),
    ...(meta.level ? { level: meta.level } : {}),
  };
  return { hit, text };
}

/**
 * Writes page-vectors.json (each indexed page as a search result) and page-vectors.bin (its vector) into the
 * bundle, from Pagefind's own fragments (what was indexed) and `vectors` (every site word with one), so the search
 * can find a page by meaning when its words find little (src/lib/search/hybrid.ts).
 */
export async function writePageVectors(
  bundleDir: string,
  vectors: Map<string, Float32Array>,
): Promise<{ pages: number; bytes: number }> {
  const vocabulary = JSON.parse(await readFile(join(bundleDir, VOCABULARY_FILE), 'utf8')) as VocabularyFile;
  const read = (await readFragments(bundleDir)).map(readFragment);
  const pagesWith = new Map(vocabulary.words);
  const rows = pageVectors(
    read.map((r) => r.text),
    vectors,
    (w) => pagesWith.get(w) ?? 0,
  );
  const dimensions = rows[0]?.length ?? 0;
  const file: PageVectorsFile = {
    dimensions,
    pages: read.map((r) => r.hit),
    about: read.map((r) => aboutStems(r.text)),
  };
  const text = `${JSON.stringify(file)}\n`;
  const { scales, data } = quantizeRows(rows);
  const bin = Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]);
  await writeFile(join(bundleDir, PAGE_VECTORS_FILE), text);
  await writeFile(join(bundleDir, PAGE_VECTORS_DATA), bin);
  return { pages: read.length, bytes: Buffer.byteLength(text) + bin.length };
}
