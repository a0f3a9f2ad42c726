/**
 * What a query is after, read from the first page of results, in tiers (each kept in Pagefind's order):
 *  1. a page whose title or one of whose aliases (front matter `aliases`) names everything asked ("accessibility
 *     statement" → "Accessibility", "greek ii" → "Biblical Greek II", "mdiv" → the Master of Divinity), or whose
 *     alias of two words or more, or abbreviation ("MDiv"), the query holds, or a program whose title holds the
 *     words asked besides a noun every program is ("masters degree": the Master of Divinity); an index page among
 *     them after the pages under it that are named too, as in tier 5 ("theology" names the home page, titled with
 *     the institute's name, and the courses and degrees under it: the visitor wants theology, not the institute),
 *     and one named only among other words asked ("programs for youth workers") in tier 5;
 *  2. a page with a keyword phrase (front matter `keywords`, two words or more) that the query holds
 *     ("help with essay writing" → Learning support): an editor said the page is about exactly that;
 *  3. a page whose title holds some of the words asked, those holding more first ("preaching skills" → Preaching I);
 *  4. the rest, those whose title only holds another word starting with a word asked after the others ("Missions"
 *     for "miss");
 *  5. an index page (the programs list) after the specific pages under it that the results also hold, as the
 *     visitor asking for "bachelor degree" wants a bachelor's degree, not the list of every program.
 * Among the courses of the first tier, a query that names no level and no number asks where to start: they take
 * their places in order of level, then of their number in a series ("Biblical Greek I" before "Biblical Greek II"
 * before "Greek Readings", advanced), the other pages keeping theirs. When no title names everything asked ("greek
 * online"), the courses whose titles hold the same words asked (one subject) take their places in that order.
 */
import porter2 from 'wink-porter2-stemmer';
import { STOPWORDS } from '../chat/keywords.ts';
import type { RawAnswer, RawHit } from './pool.ts';
import type { PageType } from '../../schemas/search.ts';
import { words as wordsOf } from './query-rewrite.ts';

const ROMAN = ['i', 'ii', 'iii', 'iv'];

/** Crude stem, enough to match "statement" with "statements" and "refund" with "Refunds". */
const stem = (word: string) => word.slice(0, 6);

/** True when every word asked is in the title, or the whole title is in what was asked. */
function titleNames(title: string, asked: string[]): boolean {
  const titled = new Set(wordsOf(title).map(stem));
  if (asked.length === 0 || titled.size === 0) return false;
  return titleHoldsAll(title, asked) || [...titled].every((w) => asked.includes(w) || w.length <= 2);
}
const titleHoldsAll = (title: string, asked: string[]) => holdsAll(wordsOf(title).map(stem), asked);

/**
 * An editor's name or phrase, as the stems a query must hold to say it: its stop words are left out, as the search
 * leaves them out of the query ("where is the campus" is "campus"), but no other word is, as a title's short words
 * are: the alias "MA" must not name every query.
 */
function phraseStems(phrase: string): string[] {
  const all = wordsOf(phrase);
  const content = all.filter((w) => !STOPWORDS.has(w));
  return (content.length > 0 ? content : all).map(stem);
}
/**
 * A page's name (a title, an alias) as the stems a query must hold, in order, to name it: its stop words left out but
 * not its numeral ("Biblical Greek I" is "biblic greek i", which "greek one" is after the rewrite).
 */
export const nameStems = (name: string) =>
  wordsOf(withoutCode(name))
    .filter((w) => !STOPWORDS.has(w) || ROMAN.includes(w))
    .map(stem);
/** A course's title without its code ("BIB201: Biblical Greek I" is "Biblical Greek I"): the code is named apart. */
export const withoutCode = (title: string) => title.replace(/^[A-Z]{2,4}\d{3}:\s*/, '');
/** The query's words as stems, each once, in the order asked (words without a letter left out). */
export const queryStems = (words: string[]) => [...new Set(words.filter((w) => /\p{L}/u.test(w)).map(stem))];
const holdsAll = (outer: string[], inner: string[]) => inner.length > 0 && inner.every((w) => outer.includes(w));
/** True when `phrase` is in `query` as written, word after word: "work placement", not "placement tests work". */
export const holdsPhrase = (query: string[], phrase: string[]) =>
  phrase.length > 0 && query.some((_, start) => phrase.every((w, k) => query[start + k] === w));

/**
 * True when everything asked is in the alias, or the query holds an alias of two words or more as a phrase. A
 * one-word alias held among other words is left to the index's weight: "campus" in "campus housing" is not the
 * contact page.
 */
const aliasNames = (alias: string, asked: string[]) => {
  const named = phraseStems(alias);
  return holdsAll(named, asked) || ((named.length >= 2 || isAbbreviation(alias)) && holdsPhrase(asked, named));
};
/**
 * An abbreviation ("MDiv", "BTh", "GDPR") is no everyday word: held among other words ("greek before the mdiv"), it
 * still names its page.
 */
export const isAbbreviation = (alias: string) => /^\p{L}\p{Ll}*\p{Lu}/u.test(alias) && !/\s/.test(alias);

/** True when the query holds a keyword phrase of two words or more (one word is only weight in the index). */
const keywordHeld = (keyword: string, asked: string[]) => {
  const phrase = phraseStems(keyword);
  return phrase.length >= 2 && holdsPhrase(asked, phrase);
};

const LEVELS = ['introductory', 'intermediate', 'advanced', 'graduate'];
/** Words that name the first level: the first course of a subject ("beginner greek", "intro church history"). */
const FIRST_LEVEL_WORDS = [LEVELS[0]!, 'introduction', 'intro', 'beginner', 'beginners', 'basic'];
/** Words that name a level: where to start, not what about. */
const LEVEL_WORDS = [...new Set([...LEVELS, ...FIRST_LEVEL_WORDS])];
const NAMES_A_LEVEL = new Set(LEVEL_WORDS.map(stem));
/** Words that name a level or a place in a series: the visitor said where to start. */
const NAMES_A_START = new Set(
  [
    ...LEVEL_WORDS,
    ...['next', 'last', 'higher', 'further'],
    ...['i', 'ii', 'iii', 'iv', 'one', 'two', 'three', 'four', 'first', 'second', 'third', 'fourth'],
  ].map(stem),
);
/**
 * A title as its series and its place in it: "BIB211: Biblical Hebrew I" → ["biblical hebrew", 0]; none without a
 * numeral. The search's orders and the chat's follow-ups (retrieve.ts) read a series the same way.
 */
export function seriesOf(title: string): [string, number] | undefined {
  const words = wordsOf(withoutCode(title));
  const place = ROMAN.indexOf(words.at(-1) ?? '');
  return place < 0 ? undefined : [words.slice(0, -1).join(' '), place];
}
/** A title's number in a series (0 for one ending in I, 1 for II…), or -1 when it ends in no numeral. */
const seriesNumber = (title: string) => seriesOf(title)?.[1] ?? -1;
/** A course's place for a visitor starting out: its level, then its number in a series (a title ending in I, II…). */
const entryOrder = (hit: RawHit) => {
  const level = LEVELS.indexOf(hit.level ?? '');
  const numeral = seriesNumber(hit.title);
  return (level < 0 ? LEVELS.length : level) * 10 + (numeral < 0 ? 0 : numeral);
};

/** The courses among `hits` put in entry order, in the places courses held; other pages stay where they are. */
function entryCoursesFirst(hits: RawHit[]): RawHit[] {
  const courses = hits
    .map((hit, rank) => ({ hit, rank }))
    .filter((c) => c.hit.level !== undefined)
    .sort((a, b) => entryOrder(a.hit) - entryOrder(b.hit) || a.rank - b.rank)
    .map((c) => c.hit);
  let next = 0;
  return hits.map((hit) => (hit.level !== undefined ? courses[next++]! : hit));
}

/** The words asked that a page's title holds (as stems, each once). */
const askedInTitle = (hit: RawHit, asked: string[]) =>
  [...new Set(wordsOf(hit.title).map(stem))].filter((w) => asked.includes(w));

/**
 * Like entryCoursesFirst, among the courses whose titles hold the same words asked (one subject: "Biblical Greek
 * I", "Greek Readings" for "greek online"), in the places they hold; the other pages stay where they are.
 */
function subjectCoursesFirst(hits: RawHit[], asked: string[]): RawHit[] {
  const subjectOf = (hit: RawHit) => (hit.level === undefined ? '' : askedInTitle(hit, asked).sort().join(' '));
  const reordered = [...hits];
  for (const subject of new Set(hits.map(subjectOf))) {
    if (!subject) continue;
    const places = hits.flatMap((hit, i) => (subjectOf(hit) === subject ? [i] : []));
    entryCoursesFirst(places.map((i) => hits[i]!)).forEach((hit, k) => (reordered[places[k]!] = hit));
  }
  return reordered;
}

/** Nouns every program is, though its title never says it: "masters degree", "ministry programme". */
const PROGRAM_NOUNS = new Set(['degree', 'program', 'programme'].map(stem));

/**
 * True when the query names a program by what its title holds and a noun every program is ("masters degree" and
 * "postgraduate degree": the Master of Divinity and the MA; "ministry degree": the Bachelor of Ministry). The entry
 * requirements, which speak of every degree, had ranked above them.
 */
const namedAsAProgram = (hit: RawHit, asked: string[]) =>
  hit.type === 'program' &&
  asked.some((w) => PROGRAM_NOUNS.has(w)) &&
  titleNames(
    hit.title,
    asked.filter((w) => !PROGRAM_NOUNS.has(w)),
  );

/** True when the query names the page: its title, an alias, or a program's title and noun (the first tier above). */
const isNamed = (hit: RawHit, asked: string[]) =>
  titleNames(hit.title, asked) || (hit.aliases ?? []).some((a) => aliasNames(a, asked)) || namedAsAProgram(hit, asked);

/** True when a page of the answer is named by the query: its title or an alias (the first tier above). */
export function namesAPage(answer: RawAnswer, words: string[]): boolean {
  const asked = queryStems(words);
  return answer.results.some((hit) => isNamed(hit, asked));
}

/** How many of the answer's first results are programs the query names with a program's noun (namedAsAProgram). */
export function programsNamedAtTheTop(answer: RawAnswer, words: string[]): number {
  const asked = queryStems(words);
  const k = answer.results.findIndex((hit) => !namedAsAProgram(hit, asked));
  return k < 0 ? answer.results.length : k;
}

/**
 * True when the query names a course of a numbered series by its subject and then its number, whatever else it says
 * ("hebrew 1 online", "who teaches greek 2", "biblical hebrew one syllabus": the rewrite reads 1, one and first as I).
 * The subject is the title's word before its numeral; the number right after it says which course. A lone "i"
 * elsewhere is the visitor.
 */
export function namedInSeries(hit: Pick<RawHit, 'title' | 'type'>, words: string[]): boolean {
  const [name, place] = courseSeries(hit) ?? [];
  if (!name || place === undefined) return false;
  const [numeral, subject] = [ROMAN[place], stem(name.split(' ').at(-1)!)];
  return words.some((w, i) => w === numeral && i > 0 && stem(words[i - 1]!) === subject);
}

/** A course's series and place (seriesOf); undefined for any other page. */
const courseSeries = (hit: Pick<RawHit, 'title' | 'type'>) => (hit.type === 'course' ? seriesOf(hit.title) : undefined);

/**
 * The answer with each course the query names by subject and number (namedInSeries) in the place of the first course
 * of its series among the first `window` results, the others of the series after it in their order: the number says
 * which course of the series, not whether the course comes before other pages ("skip greek 1": the placement tests
 * first). Whatever else the query said, the ranking by what pages hold had put Biblical Greek II first for "NT greek 1"
 * and "New Testament Greek I", and Biblical Hebrew II for "hebrew 1 online".
 */
export function seriesAskedFirst(answer: RawAnswer, words: string[], window: number): RawAnswer {
  const asked = answer.results.slice(0, window).filter((hit) => namedInSeries(hit, words));
  if (asked.length === 0) return answer;
  const reordered = [...answer.results];
  for (const hit of asked) {
    const series = courseSeries(hit)![0];
    const places = reordered.flatMap((h, i) => (i < window && courseSeries(h)?.[0] === series ? [i] : []));
    const members = places.map((i) => reordered[i]!);
    [hit, ...members.filter((h) => h !== hit)].forEach((h, k) => (reordered[places[k]!] = h));
  }
  return { ...answer, results: reordered };
}

/**
 * How many of the answer's first results are courses the query names by their number in a series ("greek 1":
 * Biblical Greek I; intentFirst put them first): the number says which, so nothing ranks above them.
 */
export function seriesNamedAtTheTop(answer: RawAnswer, words: string[]): number {
  const asked = queryStems(words);
  if (!asked.some((w) => ROMAN.includes(w))) return 0;
  const k = answer.results.findIndex((hit) => !(isNamed(hit, asked) && seriesNumber(hit.title) >= 0));
  return k < 0 ? answer.results.length : k;
}

const NAMES_THE_START = new Set(FIRST_LEVEL_WORDS.map(stem));

/**
 * A query asking where to start in a subject ("beginner greek", "intro church history"): the course to start from
 * goes first, and the answer says so (`top` 1: nothing ranks above it). Of the courses whose titles hold the most of
 * the subject's words, it is the first in entry order (Biblical Greek I, The Early Church); the ranking by what pages
 * hold put "Introduction to the Bible" first, as it says "introduction" and speaks of Greek and Hebrew. Unchanged
 * (`top` 0) when the query also names another level or a number, or no course of the answer is titled with its subject.
 */
export function startCourseFirst(answer: RawAnswer, words: string[]): { answer: RawAnswer; top: number } {
  const asked = queryStems(words);
  const asksTheStart =
    asked.some((w) => NAMES_THE_START.has(w)) &&
    !asked.some((w) => NAMES_A_START.has(w) && !NAMES_THE_START.has(w)) &&
    !words.some((w) => /^\d+$/.test(w));
  const subject = asked.filter((w) => !NAMES_A_LEVEL.has(w));
  const titled = asksTheStart
    ? answer.results
        .filter((hit) => hit.level !== undefined)
        .map((hit) => ({ hit, held: askedInTitle(hit, subject).filter((w) => w.length > 2).length }))
        .filter((c) => c.held > 0)
    : [];
  if (titled.length === 0) return { answer, top: 0 };
  const most = Math.max(...titled.map((c) => c.held));
  const [start] = entryCoursesFirst(titled.filter((c) => c.held === most).map((c) => c.hit));
  return { answer: { ...answer, results: [start!, ...answer.results.filter((hit) => hit !== start)] }, top: 1 };
}

/** Words asking a price: a program's or a course's page never states its fees, the fees page does. */
const PRICE_WORDS = new Set(['cost', 'costs', 'fee', 'fees', 'price', 'prices', 'tuition'].map(stem));

/**
 * A query asking the price of a program or course it names ("how much does the mdiv cost", "BTh fees"): the page
 * titled with prices (Tuition and fees) goes first, the named page after it, which states no price.
 */
export function pricesFirst(answer: RawAnswer, words: string[]): RawAnswer {
  const asked = queryStems(words);
  const [top] = answer.results;
  if (!top || !['program', 'course'].includes(top.type) || !asked.some((w) => PRICE_WORDS.has(w))) return answer;
  const prices = answer.results.find((hit) => wordsOf(hit.title).some((w) => PRICE_WORDS.has(stem(w))));
  return prices ? { ...answer, results: [prices, ...answer.results.filter((hit) => hit !== prices)] } : answer;
}

/**
 * Words that name a kind of page (the search's type filter). A question's kind words say how a visitor asks ("do you
 * have a course in Latin?"), not what about; the chat's retrieval leaves them out (retrieve.ts).
 */
export const KIND_WORDS: ReadonlyMap<string, PageType> = new Map<string, PageType>([
  ...['program', 'programs', 'programme', 'programmes'].map((w) => [w, 'program'] as const),
  ...['course', 'courses', 'class', 'classes', 'module', 'modules'].map((w) => [w, 'course'] as const),
]);

/** Words asking a course's facts: how it is taught (its delivery), when (its terms' seasons), its level. */
type Fact = 'delivery' | 'season' | 'level';
const FACT_WORDS = new Map<string, readonly [Fact, string]>([
  ['online', ['delivery', 'online']],
  ['campus', ['delivery', 'on-campus']],
  ['hybrid', ['delivery', 'hybrid']],
  ['spring', ['season', 'spring']],
  ['summer', ['season', 'summer']],
  ['fall', ['season', 'fall']],
  ['autumn', ['season', 'fall']],
  // Not the first level: asking where to start is startCourseFirst's.
  ...LEVELS.slice(1).map((level): [string, readonly [Fact, string]] => [level, ['level', level]]),
]);

/** The credits a query asks a course to be worth: a number next to "credit(s)" ("6 credits", "credits: 6", "4 credit"). */
function creditsAsked(words: string[]): number | undefined {
  const at = words.findIndex((w) => w === 'credit' || w === 'credits');
  const number = (w = '') => (/^\d+$/.test(w) ? Number(w) : ROMAN.indexOf(w) + 1 || undefined);
  return at < 0 ? undefined : (number(words[at - 1]) ?? number(words[at + 1]));
}

/**
 * A query asking a course's facts ("online church history", "summer online theology", "advanced ministry courses",
 * "6 credits"): among the courses and programs of the first results titled with the subject asked or in its
 * department (all of them when it asks no subject), after the pages the query names, those matching more of the facts
 * go first, then those of the kind asked (`kind`: "courses"), the others keeping their order. Only course pages
 * state the facts (search meta), so a program the query does not name goes after the courses matching; a query naming
 * a program's kind (its title's first word: "certificate", "masters") asks for the program.
 */
export function factsAskedFirst(answer: RawAnswer, words: string[], window: number, kind?: PageType): RawAnswer {
  const facts = words.flatMap((w) => (FACT_WORDS.has(w) ? [FACT_WORDS.get(w)!] : []));
  const credits = creditsAsked(words);
  const asked = queryStems(words);
  // "masters in church history online", "on campus music certificate": a program asked for by its kind.
  const asksAProgram = answer.results.some(
    (hit) => hit.type === 'program' && asked.includes(stem(wordsOf(hit.title)[0] ?? '')),
  );
  if ((facts.length === 0 && credits === undefined) || asksAProgram) return answer;
  const named = answer.results.findIndex((hit) => !isNamed(hit, asked));
  const holds = (hit: RawHit, [fact, value]: readonly [Fact, string]) =>
    (fact === 'season' ? (hit.seasons ?? []) : [hit[fact]]).includes(value);
  const matches = (hit: RawHit) =>
    facts.filter((fact) => holds(hit, fact)).length + (credits !== undefined && hit.credits === credits ? 1 : 0);
  // The subject asked still decides which pages: Latin, taught online, is no answer to "music courses online".
  const subject = words
    .filter(
      (w) =>
        !FACT_WORDS.has(w) &&
        !KIND_WORDS.has(w) &&
        !ROMAN.includes(w) &&
        /^\p{L}{3,}$/u.test(w) &&
        !w.startsWith('credit'),
    )
    .map(stem);
  const ofTheSubject = (hit: RawHit) =>
    (hit.type === 'course' || hit.type === 'program') &&
    (subject.length === 0 ||
      // Asked for courses, the programs go after them, whatever their subject.
      (kind !== undefined && hit.type !== kind) ||
      askedInTitle(hit, subject).length > 0 ||
      wordsOf(hit.department ?? '').some((w) => subject.includes(stem(w))));
  const places = answer.results.flatMap((hit, i) =>
    named >= 0 && i >= named && i < window && ofTheSubject(hit) ? [i] : [],
  );
  const reordered = [...answer.results];
  places
    .map((i) => answer.results[i]!)
    .sort((a, b) => matches(b) - matches(a) || +(a.type !== kind) - +(b.type !== kind))
    .forEach((hit, k) => (reordered[places[k]!] = hit));
  return { ...answer, results: reordered };
}

/** The tiers above, in order; the first is split in two: pages the query names, then index pages it names over them. */
const TIER = { named: 0, namedIndex: 1, keyword: 2, titled: 3, rest: 4, prefixOnly: 5, index: 6 } as const;

/**
 * Whether a word starting with a word asked, in the title of the page at `url`, means something near it ("prayer" for
 * "pray"), not another ("missions" for "miss").
 */
export type Related = (asked: string, longer: string, url: string) => boolean;

/**
 * True when the title holds a word that only starts with a word asked, and is another word: Pagefind matches a
 * query's words as prefixes, and a title weighs most, so "what happens if I miss a class" ranked History of Missions
 * above the attendance page that says "miss". A word of the same Porter2 stem ("hymns" for "hymn") or near in meaning
 * ("prayer" for "pray", or "Hymnody" on a page near "hymn", `related`) is the word asked.
 */
function titleExtendsOnly(hit: RawHit, words: string[], related: Related): boolean {
  const asked = words.filter((w) => /^\p{L}{3,}$/u.test(w));
  return wordsOf(withoutCode(hit.title)).some((t) =>
    asked.some((a) => t !== a && t.startsWith(a) && porter2(t) !== porter2(a) && !related(a, t, hit.url)),
  );
}

/** The results reordered by tier (see above); within a tier, as ranked. */
export function intentFirst(answer: RawAnswer, words: string[], related?: Related): RawAnswer {
  const asked = queryStems(words);
  const names = (hit: RawHit) => isNamed(hit, asked);
  const indexOf = (hits: RawHit[]) => (hit: RawHit) => hits.some((h) => h.url !== hit.url && h.url.startsWith(hit.url));
  const isIndex = indexOf(answer.results);
  const isNamedIndex = indexOf(answer.results.filter(names));
  const tier = (hit: RawHit, held: number) => {
    if (names(hit)) {
      if (isNamedIndex(hit)) return TIER.namedIndex;
      // An index page named among other words asked ("programs for youth workers") lists what is asked for: the
      // specific pages under it go first, as when it is not named.
      const namesAll =
        titleHoldsAll(hit.title, asked) || (hit.aliases ?? []).some((a) => holdsAll(phraseStems(a), asked));
      return isIndex(hit) && !namesAll ? TIER.index : TIER.named;
    }
    if ((hit.keywords ?? []).some((k) => keywordHeld(k, asked))) return TIER.keyword;
    if (isIndex(hit)) return TIER.index;
    if (held > 0) return TIER.titled;
    return related && titleExtendsOnly(hit, words, related) ? TIER.prefixOnly : TIER.rest;
  };
  // A level word says where to start, not what about: "Introduction to the Bible" holds none of "beginner hebrew"'s
  // subject. Titles are matched on the subject's words when the query names one.
  const subject = asked.filter((w) => !NAMES_A_LEVEL.has(w));
  const titleWords = subject.length > 0 ? subject : asked;
  const ranked = answer.results
    .map((hit, rank) => {
      // How many words asked the title holds (not its short ones): among titles holding some, more go first.
      const held = askedInTitle(hit, titleWords).filter((w) => w.length > 2).length;
      return { hit, rank, tier: tier(hit, held), held };
    })
    .sort((a, b) => a.tier - b.tier || (a.tier === TIER.titled ? b.held - a.held : 0) || a.rank - b.rank);
  const named = ranked.filter((r) => r.tier <= TIER.namedIndex).map((r) => r.hit);
  const rest = ranked.filter((r) => r.tier > TIER.namedIndex).map((r) => r.hit);
  const startsAnywhere = !asked.some((w) => NAMES_A_START.has(w)) && !words.some((w) => /^\d+$/.test(w));
  if (!startsAnywhere) return { ...answer, results: [...named, ...rest] };
  // No title names everything asked ("greek online"): the courses whose title names the subject still start
  // from its first course, in the places they hold.
  return {
    ...answer,
    results: named.length > 0 ? [...entryCoursesFirst(named), ...rest] : subjectCoursesFirst(rest, asked),
  };
}
