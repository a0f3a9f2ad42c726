/**
 * What a query names besides its words, for pages Pagefind's AND would leave out of the first page of results:
 *  - the pages it names by a name of two words or more, whole and in order, or by an abbreviation: a title ("how long
 *    is the Bachelor of Theology?") or an editor's alias ("greek before the MDiv"). A question that says more than
 *    the page's name ("how long", "cost") could miss the very page it names; these join the first page, where
 *    intent.ts puts the pages a query names first. Read from the pages file the build writes beside the bundle
 *    (page-vectors.ts), so a build without it joins nothing;
 *  - a kind of page ("masters programs", kindAsked), and the pages naming a Bible passage (namingNext).
 */
import type { RawAnswer, RawHit } from './pool.ts';
import type { PageType } from '../../schemas/search.ts';
import { holdsPhrase, isAbbreviation, KIND_WORDS, nameStems, queryStems, withoutCode } from './intent.ts';
import { words as wordsOf } from './query-rewrite.ts';
import { pageVectorsOf } from './page-vectors.ts';
import { readOncePerBundle } from './bundle-file.ts';

const LATER_NUMERALS = new Set(['ii', 'iii', 'iv', 'v']);
const NUMERALS = new Set(['i', ...LATER_NUMERALS]);

export class PageNames {
  /**
   * Each name, by its first word's stem: a query looks up only the names its words start. `first`: the first of a
   * series named without its numeral; `loose`: a name that puts the page on the list without saying the query asks
   * for it (namedIn).
   */
  readonly #byFirstWord = new Map<string, { stems: string[]; page: RawHit; first: boolean; loose: boolean }[]>();

  constructor(pages: readonly RawHit[]) {
    for (const page of pages)
      for (const name of [page.title, ...(page.aliases ?? [])]) {
        const stems = nameStems(name);
        // A name of one word ("Chaplaincy"), not one left after its stop words ("How to apply" is not named by every
        // "apply"), and not an abbreviation, which names a page wherever it is asked ("MDiv").
        const oneWord = wordsOf(withoutCode(name)).length === 1 && !isAbbreviation(name);
        if (stems.length >= 2 || isAbbreviation(name) || oneWord) this.#add(stems, page, false, oneWord);
        // The first of a series is named without its numeral too: "who teaches biblical greek" means Biblical Greek I.
        if (stems.length >= 3 && stems.at(-1) === 'i') this.#add(stems.slice(0, -1), page, true, false);
        // A course of a series, loosely, by its subject and number ("hebrew 1 summer": Biblical Hebrew I, which
        // Pagefind's AND left out); where it goes is seriesAskedFirst's (intent.ts).
        if (stems.length >= 3 && page.type === 'course' && NUMERALS.has(stems.at(-1)!))
          this.#add(stems.slice(-2), page, false, true);
      }
  }

  #add(stems: string[], page: RawHit, first: boolean, loose: boolean): void {
    if (stems.length === 0) return;
    const list = this.#byFirstWord.get(stems[0]!) ?? [];
    list.push({ stems, page, first, loose });
    this.#byFirstWord.set(stems[0]!, list);
  }

  /**
   * The pages (of `type`, when given) whose name the query's words hold as a phrase, each once. A loose name (a
   * name of one word, not an abbreviation; a series' subject and number) counts only with `loose`: the search's list
   * then holds the page titled "Chaplaincy" for "chaplain training", though the page never says "training"; the
   * chat's floor leaves it out, as one word among others is only weight there ("give me a recipe").
   */
  namedIn(words: string[], type?: string, { loose = false } = {}): RawHit[] {
    const asked = queryStems(words);
    // "biblical greek ii" asks for the second of the series, not the first named without its numeral.
    const asksANumber = asked.some((w) => LATER_NUMERALS.has(w));
    const named = new Map<string, RawHit>();
    for (const word of new Set(asked))
      for (const name of this.#byFirstWord.get(word) ?? [])
        if (
          (!type || name.page.type === type) &&
          (loose || !name.loose) &&
          holdsPhrase(asked, name.stems) &&
          !(name.first && asksANumber)
        )
          named.set(name.page.url, name.page);
    return [...named.values()];
  }
}

/** The answer with the pages it does not hold yet among `pages`, after the pages it holds. */
export function joined(answer: RawAnswer, pages: RawHit[]): RawAnswer {
  const more = pages.filter((page) => !answer.results.some((r) => r.url === page.url));
  return more.length === 0 ? answer : { total: answer.total + more.length, results: [...answer.results, ...more] };
}

/**
 * The answer with `naming` (the pages naming a passage asked for) right after its first page, which stays first
 * unless it names the passage too: the course reading the book a reference names ("Gen 22": Old Testament Survey),
 * then the pages naming the passage itself (the Hebrew course reading Genesis 22).
 */
export function namingNext(answer: RawAnswer, naming: RawHit[]): RawAnswer {
  const all = joined(answer, naming);
  const names = (hit: RawHit) => naming.some((n) => n.url === hit.url);
  const head = all.results.slice(0, 1).filter((hit) => !names(hit));
  return { ...all, results: [...head, ...naming, ...all.results.filter((hit) => !head.includes(hit) && !names(hit))] };
}

/** Singular course nouns name a topic beside another word ("course registration"), not the kind asked for. */
const TOPIC_NOUNS = new Set(['course', 'class', 'module']);

/**
 * The kind of page a query asks for by name among other words, and those other words: every page of a kind says
 * what it is, though its text may never write the word ("masters programs": the Master of Divinity's page never
 * says "program"). Undefined when the query names no kind, or names nothing else.
 */
export function kindAsked(words: string[]): { type: PageType; rest: string[] } | undefined {
  const asksAKind = (w: string) => KIND_WORDS.has(w) && !TOPIC_NOUNS.has(w);
  const type = words.find(asksAKind);
  const rest = words.filter((w) => !asksAKind(w));
  return type && rest.length > 0 ? { type: KIND_WORDS.get(type)!, rest } : undefined;
}

/**
 * The names of a bundle's pages, built once (69 ms of CPU at 10,000 pages, `npm run bench -- semantic`); undefined
 * when the build wrote no pages file.
 */
export const pageNamesOf = readOncePerBundle((bundleDir) => {
  const pages = pageVectorsOf(bundleDir);
  if (!pages) throw new Error('no pages file');
  return new PageNames(pages.pages);
});
