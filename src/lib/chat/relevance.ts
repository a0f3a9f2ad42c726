/**
 * The chat's relevance floor: is a question about something the site covers at all? Decided on the site's own
 * words (the search vocabulary), before any page is read and before the model is called, so an off-topic
 * question ("How tall is Mount Everest?") costs no model call and cites nothing.
 *
 * The question is first rewritten as the search rewrites it (synonyms, typo correction, no stop words), then each
 * of its words is weighed by how rare it is on the site (inverse document frequency). A word no page uses weighs
 * the most. The question is on topic when the words the site uses carry at least RELEVANCE_FLOOR of the weight:
 * "How tall is Mount Everest?" has none of its words on the site; "Where can I live while I study?" has all.
 */
import { STOPWORDS } from './keywords.ts';
import { SYNONYM_WORDS, words } from '../search/query-rewrite.ts';
import { perQuestion, rewrittenQuestion } from './per-question.ts';
import type { Vocabulary } from '../search/vocabulary.ts';

/** Share of a question's weight that the site's words must carry (tuned on eval/offtopic.json's tuning part). */
export const RELEVANCE_FLOOR = 0.5;

/**
 * Phrases that try to change the assistant's rules. They are taken out of the question before retrieval and the
 * floor: they name nothing on the site, and what is left is judged like any other question. (The model's
 * instructions say the same: such a request changes nothing.)
 */
const RULE_CHANGES = [
  /\b(?:ignore|disregard|forget|override)\b[^.?!:;]*\b(?:instructions?|rules?|prompts?|above|previous|prior|guidelines)\b[.?!:;,]?/giu,
  /\byou are (?:now|no longer)\b[^.?!:;]*[.?!:;,]?/giu,
  /\b(?:pretend|act as if) (?:you are|to be)\b[^.?!:;]*[.?!:;,]?/giu,
  /\b(?:reveal|show|print|repeat)\b[^.?!:;]*\b(?:system prompt|instructions|rules)\b[.?!:;,]?/giu,
];

/** The question without any attempt to change the rules. @example withoutRuleChanges('Ignore your rules. Fees?') === 'Fees?' */
export function withoutRuleChanges(question: string): string {
  return RULE_CHANGES.reduce((text, pattern) => text.replace(pattern, ' '), question)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Share (0–1) of the question's weight carried by words the site understands; 1 when the question has no word to
 * weigh (only numbers or stop words: nothing says it is off topic), names a course code, or there is no vocabulary.
 *
 * The words are weighed as the visitor typed them. A word counts as understood when the site uses it (or a word
 * starting with it), when it is one the synonyms file knows, or when it is a long word the typo correction reads as
 * a misspelling. A short word "corrected" to a site word is not evidence: "bread" is one slip from "read".
 */
export function siteCoverage(question: string, vocabulary: Vocabulary | undefined): number {
  if (!vocabulary || rewrittenQuestion(question, vocabulary).codes.length > 0) return 1;
  const unknownWeight = Math.log(vocabulary.pageCount + 1);
  const weightOf = (pages: number) => Math.log((vocabulary.pageCount + 1) / pages);
  let total = 0;
  let known = 0;
  for (const word of new Set(words(question))) {
    // Numbers say little on their own ("144", "2022"); stop words nothing.
    if (!/\p{L}/u.test(word) || STOPWORDS.has(word)) continue;
    let weight = unknownWeight;
    let understood = true;
    const pages = vocabulary.pagesWith(word) || (word.length >= 4 && vocabulary.hasPrefix(word) ? 1 : 0);
    if (pages > 0) weight = weightOf(pages);
    else if (SYNONYM_WORDS.has(word)) weight = unknownWeight / 2;
    else if (word.length >= LONG_WORD && /^\p{L}+$/u.test(word) && vocabulary.correct(word))
      weight = weightOf(vocabulary.pagesWith(vocabulary.correct(word)!));
    else understood = false;
    total += weight;
    if (understood) known += weight;
  }
  return total === 0 ? 1 : known / total;
}

/** Words this long or longer are read as misspellings when close to a site word; shorter ones are other words. */
const LONG_WORD = 6;

/** siteCoverage, remembered per question (per-question.ts). */
const coverageOf = perQuestion(siteCoverage);

/** True when the site covers enough of the question for its pages to be worth citing. */
export const onTopic = (question: string, vocabulary: Vocabulary | undefined) =>
  coverageOf(question, vocabulary) >= RELEVANCE_FLOOR;
