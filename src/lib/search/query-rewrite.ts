/**
 * What a visitor typed, turned into what the site says, before Pagefind sees it (Pagefind matches pages holding
 * every word of a query, as written). In order:
 *  1. course codes are joined: "the 101", "THE-101" and "the101" are all "the101" (when the site has that word);
 *  2. synonyms from src/content/search-synonyms.json (editors' file) replace what visitors type ("MDiv", "fees");
 *  3. stop words ("how", "does", "the") are dropped, unless nothing else is left;
 *  4. a word the site never uses, and that starts no word it uses, is corrected to the nearest word it does use
 *     (vocabulary.ts); the corrected query is returned as `suggestion`.
 */
import synonymsFile from '../../content/search-synonyms.json' with { type: 'json' };
import { synonymsFileSchema } from '../../schemas/synonyms.ts';
import { STOPWORDS } from '../chat/keywords.ts';
import type { Vocabulary } from './vocabulary.ts';

export interface Rewritten {
  /** The words to search for, in order (empty when the query holds no word). */
  words: string[];
  /** Course codes the query names ("bib201"): their pages rank first. */
  codes: string[];
  /** The query with its typos corrected, when any was; as the visitor wrote it otherwise. */
  suggestion?: string;
}

/**
 * Lowercase words: split at spaces, hyphens and slashes, punctuation around a word dropped, inside kept for
 * Pagefind to read as it indexes ("q&a", "paul's"); dots inside or after letters are dropped ("M.Div." is "mdiv").
 */
export function words(text: string): string[] {
  return text.toLowerCase().normalize('NFKC').replace(/(\p{L})\.(?=\p{L}|\s|$)/gu, '$1')
    .split(/[\s\-‐–—_/]+/u).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).filter((w) => w !== '');
}

const CODE = /^[a-z]{2,4}\d{3}$/;
const MAX_CORRECTIONS = 4;

interface Rule { typed: string[]; means: string[] }
/** The synonyms as word lists, longest phrase first (so "master of divinity degree" wins over "degree"). */
const RULES: Rule[] = synonymsFileSchema.parse(synonymsFile).synonyms
  .flatMap((s) => s.typed.map((t) => ({ typed: words(t), means: words(s.means) })))
  .filter((r) => r.typed.length > 0)
  .sort((a, b) => b.typed.length - a.typed.length);

/** Every word of what visitors type in the synonyms file ("fees", "counseling"): words the site understands. */
export const SYNONYM_WORDS: ReadonlySet<string> = new Set(RULES.flatMap((r) => r.typed).filter((w) => !STOPWORDS.has(w)));

interface Token { word: string; typed: string; fixed: boolean }

/**
 * @example rewriteQuery('how much does the101 cost', vocab) → { words: ['tuition', 'fees', 'the101'], codes: ['the101'] }
 * @example rewriteQuery('theolgy', vocab) → { words: ['theology'], codes: [], suggestion: 'theology' }
 */
export function rewriteQuery(query: string, vocabulary?: Vocabulary): Rewritten {
  let tokens: Token[] = words(query).map((w) => ({ word: w, typed: w, fixed: false }));
  const codes: string[] = [];

  // 1. Course codes, written with or without a space or hyphen.
  for (let i = 0; i < tokens.length; i++) {
    const joined = /^[a-z]{2,4}$/.test(tokens[i].word) && /^\d{3}$/.test(tokens[i + 1]?.word ?? '') ? tokens[i].word + tokens[i + 1].word : undefined;
    if (joined && (!vocabulary || vocabulary.has(joined))) tokens.splice(i, 2, { word: joined, typed: `${tokens[i].typed} ${tokens[i + 1].typed}`, fixed: true });
    if (CODE.test(tokens[i].word) && (!vocabulary || vocabulary.has(tokens[i].word))) {
      tokens[i].fixed = true;
      codes.push(tokens[i].word);
    }
  }

  // 2. Synonyms, longest phrase first, each part of the query replaced once.
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].fixed) continue;
    const rule = RULES.find((r) => r.typed.every((w, k) => tokens[i + k] && !tokens[i + k].fixed && tokens[i + k].word === w));
    if (!rule) continue;
    const typed = tokens.slice(i, i + rule.typed.length).map((t) => t.typed).join(' ');
    // A stop word of what it means ("of" in "Master of Divinity") goes with the others in step 3.
    tokens.splice(i, rule.typed.length, ...rule.means.map((w, k) => ({ word: w, typed: k === 0 ? typed : '', fixed: !STOPWORDS.has(w) })));
    i += rule.means.length - 1;
  }

  // 3. Stop words never decide a query: they go, unless the query is nothing else.
  const content = tokens.filter((t) => t.fixed || !STOPWORDS.has(t.word));
  if (content.length > 0) tokens = content;

  // 4. Typos: only a word the site has no word for, nor any word starting with it (Pagefind matches prefixes).
  let corrected = false;
  let tries = 0;
  const shown: string[] = [];
  for (const t of tokens) {
    // Each try compares the word with thousands (~1 ms on 10,000 pages); a query of garbage gets a few, not 40.
    if (vocabulary && tries < MAX_CORRECTIONS && !t.fixed && t.word.length >= 3 && /^\p{L}+$/u.test(t.word) && !vocabulary.has(t.word) && !vocabulary.hasPrefix(t.word)) {
      tries++;
      const near = vocabulary.correct(t.word);
      if (near) {
        t.word = near;
        corrected = true;
        shown.push(near);
        continue;
      }
    }
    if (t.typed) shown.push(t.typed);
  }
  const unique = [...new Set(tokens.map((t) => t.word))];
  return { words: unique, codes, ...(corrected ? { suggestion: shown.join(' ') } : {}) };
}
