import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VOCABULARY_FILE, wordSounds, type VocabularyFile } from '../src/lib/search/vocabulary.ts';

/** What Pagefind indexed of a page (a fragment of its bundle), the fields the build reads. */
export interface PagefindFragment {
  url: string;
  content?: string;
  meta?: { title?: string; aliases?: string; keywords?: string; level?: string; instructors?: string };
  filters?: { type?: string[] };
  anchors?: { element: string; text: string }[];
}

/** Every page's fragment in a Pagefind bundle, in the order of their file names (gzipped JSON after a signature). */
export async function readFragments(bundleDir: string): Promise<PagefindFragment[]> {
  const dir = join(bundleDir, 'fragment');
  const fragments: PagefindFragment[] = [];
  for (const file of (await readdir(dir)).sort()) {
    const raw = gunzipSync(await readFile(join(dir, file))).toString('utf8');
    fragments.push(JSON.parse(raw.slice(raw.indexOf('{'))) as PagefindFragment);
  }
  return fragments;
}

/**
 * Pagefind joins the text of neighbouring elements without a space unless one of them is a block it knows, so a
 * fact list (<dt>Credits</dt><dd>3</dd>) or a table row indexed as "Credits3", and excerpts read
 * "DepartmentAncient LanguagesCredits3". A space before each closing tag of these elements keeps words apart.
 * @example spaceCells('<dt>Credits</dt><dd>3</dd>') === '<dt>Credits </dt><dd>3 </dd>'
 */
export function spaceCells(html: string): string {
  return html.replace(/<\/(dt|dd|td|th|li|caption|figcaption|summary|label|button)>/gi, ' </$1>');
}

/** Words as the vocabulary keeps them: lowercase letters and digits (a course code is one word: "bib201"). */
export const indexWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Writes vocabulary.json into the bundle: every word of the indexed text, read back from Pagefind's own page
 * fragments (so it is exactly what was indexed, excerpts' text and titles), with the number of pages it is on and
 * how it sounds. The search corrects typos against it and tells course codes from words
 * (src/lib/search/vocabulary.ts).
 */
export async function writeVocabulary(bundleDir: string): Promise<{ words: number; bytes: number }> {
  const pages = new Map<string, number>();
  const fragments = await readFragments(bundleDir);
  for (const fragment of fragments) {
    for (const word of new Set(indexWords(`${fragment.meta?.title ?? ''} ${fragment.content ?? ''}`))) {
      if (word.length < 40) pages.set(word, (pages.get(word) ?? 0) + 1);
    }
  }
  const words = [...pages].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const vocabulary: VocabularyFile = {
    pages: fragments.length,
    words,
    sounds: words.map(([word]) => wordSounds(word).join(' ')),
  };
  const text = `${JSON.stringify(vocabulary)}\n`;
  await writeFile(join(bundleDir, VOCABULARY_FILE), text);
  return { words: pages.size, bytes: Buffer.byteLength(text) };
}
