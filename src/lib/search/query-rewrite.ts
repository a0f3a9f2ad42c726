/**
 * What a visitor typed, turned into what the site says, before Pagefind sees it (Pagefind matches pages holding
 * every word of a query, as written). In order:
 *  1. a word the site never uses, that starts no word it uses and that no synonym reads, is corrected to the
 *     nearest word the site uses (searched as it is) or a synonym reads ("hmiletics" is "homiletics", which step
 *     3 reads as preaching); the corrected query is returned as `suggestion`; unless the caller knows it as a word
 *     (`meant`: it has neighbours in meaning on the site, expand.ts), which is kept for the search to expand;
 *  2. course codes are joined: "the 101", "THE-101" and "the101" are all "the101" (when the site has that word);
 *  3. synonyms from src/content/search-synonyms.json (editors' file) replace what visitors type ("MDiv", "fees");
 *  4. stop words ("how", "does", "the") are dropped, unless nothing else is left.
 */
import fieldVocabularyFile from '../../content/field-vocabulary.json' with { type: 'json' };
import synonymsFile from '../../content/search-synonyms.json' with { type: 'json' };
import { fieldVocabularyFileSchema } from '../../schemas/field-vocabulary.ts';
import { synonymsFileSchema } from '../../schemas/synonyms.ts';
import { STOPWORDS } from '../chat/keywords.ts';
import { osaDistance } from './edit-distance.ts';
import { Vocabulary } from './vocabulary.ts';

export interface Rewritten {
  /** The words to search for, in order (empty when the query holds no word). */
  words: string[];
  /** Course codes the query names ("bib201"): their pages rank first. */
  codes: string[];
  /** A passage the query names, as pages write it ("Rom 8" is "romans 8"): the pages that name it rank first. */
  passage?: string;
  /** The query with its typos corrected, when any was; as the visitor wrote it otherwise. */
  suggestion?: string;
}

/**
 * Lowercase words: split at spaces, hyphens and slashes (WORD_SEPARATOR), punctuation around a word dropped, inside
 * kept for Pagefind to read as it indexes ("q&a", "paul's"); dots inside or after letters are dropped ("M.Div." is
 * "mdiv"); accents and transliteration marks too, as Pagefind indexes words without them ("koinē" is "koine").
 */
export function words(text: string): string[] {
  return searchText(text)
    .split(SEPARATORS)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
}

/** What splits words (words): a character, and a run of them. */
export const WORD_SEPARATOR = /[\s\-‐–—_/]/u;
const SEPARATORS = new RegExp(`${WORD_SEPARATOR.source}+`, 'u');

/**
 * The text as words() reads it, before it is split: lower case, without marks, without the dots of "M.Div.". ASCII
 * text has no marks to drop, and skipping the normalization halves the time for a page's text (relevance.ts).
 */
export function searchText(text: string): string {
  const lower = text.toLowerCase();
  // eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
  const plain = /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC') : lower;
  return plain.replace(/(\p{L})\.(?=\p{L}|\s|$)/gu, '$1');
}

const CODE = /^[a-z]{2,4}\d{3}$/;

/**
 * The course code a word and a number name, if the site has it: a code's letters ("the 101"), or the start of the
 * subject's word they abbreviate ("bible 330" is BIB330, "theology 230" THE230), the longest start first. Without a
 * vocabulary, only a code's letters, unchecked.
 */
function codeTyped(word: string, number: string, vocabulary?: Vocabulary): string | undefined {
  if (!vocabulary) return /^[a-z]{2,4}$/.test(word) ? word + number : undefined;
  if (!/^[a-z]+$/.test(word)) return undefined;
  for (let letters = Math.min(word.length, 4); letters >= 2; letters--) {
    const code = word.slice(0, letters) + number;
    if (vocabulary.has(code)) return code;
  }
  return undefined;
}

const MAX_CORRECTIONS = 4;

interface Rule {
  typed: string[];
  means: string[];
  chapter?: 'needed' | 'allowed';
  /** The book a reference names, as pages write it ("1 corinthians"). */
  book?: string;
}
const field = fieldVocabularyFileSchema.parse(fieldVocabularyFile);

/** One, 1, first, 1st and I are the same number; course titles write it in roman ("Biblical Greek II"). */
const NUMBERS: [string, string[]][] = [
  ['i', ['1', 'one', 'first', '1st', 'i']],
  ['ii', ['2', 'two', 'second', '2nd', 'ii']],
  ['iii', ['3', 'three', 'third', '3rd', 'iii']],
  ['iv', ['4', 'four', 'fourth', '4th', 'iv']],
];
const ROMAN = new Map(NUMBERS.flatMap(([roman, forms]) => forms.map((f) => [f, roman] as const)));
/** The forms of a number that say a place (an ordinal: "second", "2nd"), which come before what they count. */
const ORDINALS = new Set(NUMBERS.flatMap(([, forms]) => forms.filter((f) => /(?:st|nd|rd|th)$/.test(f))));
/** What a course is called: the word after an ordinal and a subject ("second Greek course"). */
const COURSE_NOUNS = new Set(['course', 'class', 'module', 'paper', 'unit']);
/** Book names that are everyday words too ("Job", "Acts"): read as a book only before a chapter ("Job 38"). */
const EVERYDAY = new Set([
  'job',
  'acts',
  'mark',
  'numbers',
  'judges',
  'james',
  'john',
  'jude',
  'ruth',
  'song',
  'revelation',
  'titus',
  'amos',
  'joel',
  'luke',
  'daniel',
]);
/** A chapter, or chapter and verses: "8", "3:16", "13:4-7" (words() splits at the hyphen). */
const CHAPTER = /^\d{1,3}(?::\d{1,3})?$/;

/** "1 Cor" is also written "I Cor", "1st Cor" and "First Cor". */
function numbered(name: string): string[][] {
  const [first, ...rest] = words(name);
  const forms = ROMAN.has(first) ? NUMBERS.find(([roman]) => roman === ROMAN.get(first))![1] : [first];
  return forms.map((f) => [f, ...rest]);
}

/** A book's name, or an abbreviation followed by a chapter, means the courses that read it. */
const BOOK_RULES: Rule[] = field.books.flatMap((book) =>
  [
    ...numbered(book.name).map((typed) => ({
      typed,
      chapter: (EVERYDAY.has(typed.join(' ')) ? 'needed' : 'allowed') as Rule['chapter'],
    })),
    ...book.abbreviations.flatMap(numbered).map((typed) => ({ typed, chapter: 'needed' as const })),
  ].map((r) => ({ ...r, means: words(book.readIn), book: words(book.name).join(' ') })),
);

/** The synonyms, the field's terms and its books as word lists, longest phrase first ("master of divinity degree" wins over "degree"). */
const RULES: Rule[] = [...synonymsFileSchema.parse(synonymsFile).synonyms, ...field.terms]
  .flatMap((s) => s.typed.map((t): Rule => ({ typed: words(t), means: words(s.means) })))
  .concat(BOOK_RULES)
  .filter((r) => r.typed.length > 0)
  .sort((a, b) => b.typed.length - a.typed.length);

/** The rules by the first word typed, longest first: a query's word is looked up, not compared with every rule. */
const RULES_BY_FIRST_WORD = Map.groupBy(RULES, (r) => r.typed[0]!);

/** Every word of what visitors type in the synonyms file ("fees", "counseling"): words the site understands. */
export const SYNONYM_WORDS: ReadonlySet<string> = new Set(
  RULES.flatMap((r) => r.typed).filter((w) => !STOPWORDS.has(w)),
);

/**
 * The synonyms' words as a vocabulary a slip is corrected to: "missiology" is on no page, but a synonym reads it,
 * and "missoology" should reach it too. Only words of four letters or more: a slip in a short word makes another word.
 */
const SYNONYM_VOCABULARY = new Vocabulary({
  pages: 1,
  words: [...SYNONYM_WORDS].filter((w) => w.length >= 4 && /^\p{L}+$/u.test(w)).map((w) => [w, 1]),
});

/** The word a misspelling means: the site's or a synonym's, whichever is fewer slips away (the site's on a tie). */
export function correctionOf(word: string, vocabulary: Vocabulary): string | undefined {
  const [site, synonym] = [vocabulary.correct(word), SYNONYM_VOCABULARY.correct(word)];
  if (!site || !synonym) return site ?? synonym;
  return osaDistance(word, synonym) < osaDistance(word, site) ? synonym : site;
}

interface Token {
  word: string;
  typed: string;
  fixed: boolean;
}

/**
 * @example rewriteQuery('how much does the101 cost', vocab) → { words: ['tuition', 'fees', 'the101'], codes: ['the101'] }
 * @example rewriteQuery('theolgy', vocab) → { words: ['theology'], codes: [], suggestion: 'theology' }
 */
export function rewriteQuery(query: string, vocabulary?: Vocabulary, meant?: (word: string) => boolean): Rewritten {
  let tokens: Token[] = words(query).map((w) => ({ word: w, typed: w, fixed: false }));
  const codes: string[] = [];
  let passage: string | undefined;

  // 1. Typos: only a word the site has no word for, nor any word starting with it (Pagefind matches prefixes), nor
  // one a synonym reads; and not a number's or a course's word, which steps 3a and 3b read.
  let corrected = false;
  let tries = 0;
  for (const t of tokens) {
    // Each try compares the word with thousands (~1 ms on 10,000 pages); a query of garbage gets a few, not 40.
    if (
      vocabulary &&
      tries < MAX_CORRECTIONS &&
      t.word.length >= 3 &&
      /^\p{L}+$/u.test(t.word) &&
      !STOPWORDS.has(t.word) &&
      !ROMAN.has(t.word) &&
      !COURSE_NOUNS.has(t.word) &&
      !SYNONYM_WORDS.has(t.word) &&
      !vocabulary.has(t.word) &&
      !vocabulary.hasPrefix(t.word) &&
      !meant?.(t.word)
    ) {
      tries++;
      const near = correctionOf(t.word, vocabulary);
      // A site word is what the pages say, left as it is; any other is read as if typed (a synonym's word).
      if (near) [t.word, t.typed, t.fixed, corrected] = [near, near, vocabulary.has(near), true];
    }
  }

  // 2. Course codes, written with or without a space or hyphen, or with their subject's word ("bible 330").
  for (let i = 0; i < tokens.length; i++) {
    const joined = /^\d{3}$/.test(tokens[i + 1]?.word ?? '')
      ? codeTyped(tokens[i].word, tokens[i + 1].word, vocabulary)
      : undefined;
    if (joined) tokens.splice(i, 2, { word: joined, typed: `${tokens[i].typed} ${tokens[i + 1].typed}`, fixed: true });
    if (CODE.test(tokens[i].word) && (!vocabulary || vocabulary.has(tokens[i].word))) {
      tokens[i].fixed = true;
      codes.push(tokens[i].word);
    }
  }

  // 3. Synonyms, longest phrase first, each part of the query replaced once.
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].fixed) continue;
    const chapterAt = (r: Rule) => CHAPTER.test(tokens[i + r.typed.length]?.word ?? '');
    const rule = RULES_BY_FIRST_WORD.get(tokens[i].word)?.find(
      (r) =>
        r.typed.every((w, k) => tokens[i + k] && !tokens[i + k].fixed && tokens[i + k].word === w) &&
        (r.chapter !== 'needed' || chapterAt(r)),
    );
    if (!rule) continue;
    // A reference's chapter and verse name a passage, not a word to search for: "Rom 8" is Romans, and the pages
    // that name "Romans 8" (a course reading it) go first.
    const reference = rule.book !== undefined && chapterAt(rule);
    const length = rule.typed.length + (reference ? 1 : 0);
    if (reference) passage ??= `${rule.book} ${tokens[i + rule.typed.length].word.split(':')[0]}`;
    const typed = tokens
      .slice(i, i + length)
      .map((t) => t.typed)
      .join(' ');
    // A stop word of what it means ("of" in "Master of Divinity") goes with the others in step 4.
    tokens.splice(
      i,
      length,
      ...rule.means.map((w, k) => ({ word: w, typed: k === 0 ? typed : '', fixed: !STOPWORDS.has(w) })),
    );
    i += rule.means.length - 1;
  }

  // 3a. An ordinal before a subject and a course noun ("2nd preaching course", "the second Greek class") is the
  // course's number too, said first: it goes after the subject, where 3b reads it, in place of the noun, which a
  // course's title does not say.
  for (let i = 0; i + 2 < tokens.length; i++) {
    const span = tokens.slice(i + 1, i + 4).findIndex((t) => COURSE_NOUNS.has(t.word));
    if (!ORDINALS.has(tokens[i].word) || tokens[i].fixed || span < 1) continue;
    const subject = tokens.slice(i + 1, i + 1 + span);
    if (!subject.every((t) => /^\p{L}+$/u.test(t.word) && !STOPWORDS.has(t.word))) continue;
    tokens.splice(i, span + 2, ...subject, tokens[i]);
    i += span;
  }

  // 3b. A number after a word is a course's number, written as its title writes it: "greek 2", "Greek two" and
  // "Greek II" are all "greek ii" (kept even where "i" would be a stop word).
  for (let i = 1; i < tokens.length; i++) {
    const roman = ROMAN.get(tokens[i].word);
    if (
      roman &&
      !tokens[i].fixed &&
      /^\p{L}+$/u.test(tokens[i - 1].word) &&
      !STOPWORDS.has(tokens[i - 1].word) &&
      (!vocabulary || vocabulary.has(roman))
    )
      tokens[i] = { word: roman, typed: tokens[i].typed, fixed: true };
  }

  // 4. Stop words never decide a query: they go, unless the query is nothing else.
  const content = tokens.filter((t) => t.fixed || !STOPWORDS.has(t.word));
  if (content.length > 0) tokens = content;

  const unique = [...new Set(tokens.map((t) => t.word))];
  return {
    words: unique,
    codes,
    ...(passage ? { passage } : {}),
    ...(corrected ? { suggestion: tokens.flatMap((t) => (t.typed ? [t.typed] : [])).join(' ') } : {}),
  };
}
