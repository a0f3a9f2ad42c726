/**
 * Chat retrieval: the site pages that best match a question, through the site search. The content words are
 * searched together and one by one; the lists are merged by reciprocal rank fusion, so a page that several
 * words find ranks above one that a single word finds, and a question whose words never meet on one page
 * still finds something. The whole question is searched too: the search turns it into the site's words (course
 * codes, synonyms, no stop words) and, when they never meet on one page, ranks pages by the words they hold.
 * Then a page whose title names what was asked (a program, a handbook topic) goes above one that only mentions
 * it in passing.
 */
import { log } from '../log.ts';
import type { PageType } from '../../schemas/search.ts';
import { holdsPhrase, KIND_WORDS, seriesOf, withoutCode } from '../search/intent.ts';
import { words as wordsOf } from '../search/query-rewrite.ts';
import { markdownUrl } from '../site/twin-path.ts';
import { askedBeforeOnce, type AskedOf } from './asked-before.ts';
import { CONTACT_PAGE } from './decline.ts';
import { rewrittenQuestion } from './per-question.ts';
import { keywords } from './keywords.ts';
import {
  RELEVANCE_FLOOR,
  aboutATopicAsked,
  aboutOf,
  askedFor,
  asksTheWayHere,
  namedFor,
  pageCoverage,
  teachersOf,
} from './relevance.ts';
import type { Vocabulary } from '../search/vocabulary.ts';

export interface FoundPage {
  title: string;
  url: string;
  markdownUrl: string;
  type?: string;
  /** Other names the editors gave the page (front matter `aliases`). */
  aliases?: string[];
  /**
   * Retrieval knows the question asks for this page, though its words are not on it ("what else does she teach?",
   * "I'd like to remember the college in my will"): the chat's ranking keeps it first (page-ranker.ts, rankForChat).
   */
  certain?: true;
}
/** The slice of the search module retrieval needs (src/lib/search: `search`). */
export type SearchFn = (
  input: { q: string; limit: number; type?: PageType },
  options?: { signal?: AbortSignal },
) => Promise<{ results: FoundPage[] }>;

/** Results read per search: the search ranks a first page from ten (index.ts, RANK_WINDOW), so fewer saves nothing. */
const PER_QUERY = 10;
/**
 * How long retrieval waits for its searches. They take milliseconds, or about a second on a cold start while the
 * workers load the index; far longer means the search queue is flooded. Then the chat answers from the pages the
 * searches that did finish found (or none: the prompt says so) rather than failing: the chat has its own limit
 * and its own model wait, and a slow search is no reason to refuse an answer. Searches still waiting are dropped.
 */
export const RETRIEVAL_TIMEOUT_MS = 5000;
// The usual RRF constant: damps the difference between first and second place so agreement between lists wins.
const RRF_K = 60;
const TITLE_WEIGHT = 3;
/**
 * Content words searched one by one: all a question has (rarely more than ten). The words that say what is asked
 * often come last ("I've been really anxious lately and it's affecting my studies. Is there anyone I can talk to for
 * free?"), and the first six left "talk" and "free" out.
 */
const QUESTION_WORDS = 12;
/**
 * A follow-up searched after the conversation's words keeps the first six, mostly the earlier turns': they set the
 * subject. All twelve cost one of the 51 tuning conversations its page.
 */
const CONVERSATION_WORDS = 6;
const TITLED = new Set(['course', 'program', 'handbook']);
/** How many pages a first question's answer reads (answer.ts): the pages a follow-up's own page is chosen among. */
const FIRST_FEW = 4;
/**
 * The previous question's pages a follow-up reads: retrieval's first four. The previous answer cited the best four of
 * more (page-ranker.ts); read in that order, follow-ups found their page less often (81.5% → 79.9% of tuning
 * conversations, 2026-11-25).
 */
const PREVIOUS_PAGES = 4;

/**
 * `signal` is the chat request's: when it aborts, the searches are dropped too.
 * @example await retrievePages('Can I take Greek online?', search, 4) → [{ title: 'Biblical Greek I', url: '/courses/bib201/', … }]
 */
export async function retrievePages(
  question: string,
  search: SearchFn,
  max = 4,
  {
    signal,
    timeoutMs = RETRIEVAL_TIMEOUT_MS,
    maxWords = QUESTION_WORDS,
  }: { signal?: AbortSignal; timeoutMs?: number; maxWords?: number } = {},
): Promise<FoundPage[]> {
  const words = keywords(question, maxWords);
  if (words.length === 0) return [];
  const whole = question.trim().slice(0, 256);
  // The whole question stands in for the all-words query: the search drops its stop words and applies synonyms.
  const queries = [whole, ...(words.length > 1 ? topicWords(words) : [])];
  const timeout = AbortSignal.timeout(timeoutMs);
  const giveUp = signal ? AbortSignal.any([signal, timeout]) : timeout;
  // Settles with [] when retrieval gives up, whether or not the search itself notices the signal.
  const gaveUp = new Promise<[]>((resolve) => giveUp.addEventListener('abort', () => resolve([]), { once: true }));
  const lists = await Promise.all(
    queries.map((q) =>
      Promise.race([
        search({ q, limit: PER_QUERY }, { signal: giveUp }).then(
          (r) => r.results,
          (err) => {
            // One failed query costs that query's pages, not the answer.
            if (!giveUp.aborted) log.warn({ err }, 'chat retrieval: search failed'); // not the query: search terms are never logged
            return [];
          },
        ),
        gaveUp,
      ]),
    ),
  );
  if (timeout.aborted)
    log.warn({ timeoutMs }, 'chat retrieval: searches took too long; answering with the pages found so far');
  const scores = new Map<string, { page: FoundPage; score: number }>();
  lists.forEach((results, list) => {
    // The whole question is the strongest evidence of relevance; count it twice.
    const weight = list === 0 && queries.length > 1 ? 2 : 1;
    results.forEach((page, rank) => {
      const entry = scores.get(page.url) ?? { page, score: 0 };
      entry.score += weight / (RRF_K + rank + 1);
      scores.set(page.url, entry);
    });
  });
  // The title names what the page is about: each asked word in it counts as much as first places in
  // TITLE_WEIGHT lists, so the page on a program or handbook topic outranks pages that mention it in passing.
  const asked = rewrittenQuestion(whole)
    .words.filter((w) => w.length > 2)
    .map(stem);
  for (const entry of scores.values()) {
    // Listings (the home page, the course and program lists: type "page") name every topic in passing.
    if (TITLED.has(entry.page.type ?? '')) {
      const title = new Set(wordsOf(entry.page.title).map(stem));
      entry.score += (TITLE_WEIGHT * asked.filter((w) => title.has(w)).length) / (RRF_K + 1);
    }
    // An alias is a name an editor gave the page, on any kind of page: asked whole, it counts as its words in a title.
    entry.score +=
      (TITLE_WEIGHT * Math.max(0, ...(entry.page.aliases ?? []).map((a) => aliasHeld(a, asked)))) / (RRF_K + 1);
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((e) => e.page);
}

/** The words that say what a question is about: its kind words (KIND_WORDS) only when it has nothing else. */
const topicWords = (words: string[]) => {
  const topic = words.filter((w) => !KIND_WORDS.has(w));
  return topic.length > 0 ? topic : words;
};

/** Crude stem, enough to match "pastor" with "Pastoral" and "refund" with "Refunds" in titles. */
const stem = (word: string) => word.slice(0, 6);

/** How many words the alias has, when the question holds it as a phrase (stop words aside: "pause my studies"); else 0. */
function aliasHeld(alias: string, asked: string[]): number {
  const named = keywords(alias, 12).map(stem);
  return holdsPhrase(asked, named) ? named.length : 0;
}

/** A question that leans on what came before: it points back ("it", "that one") or says little of its own. */
const POINTS_BACK = /\b(?:it|its|this|that|these|those|they|them|their|one|ones|there|same|above)\b/i;
export const isFollowUp = (question: string) => POINTS_BACK.test(question) || keywords(question).length <= 2;
/** `read`: a page's Markdown twin; with the vocabulary, the pages' text decides which one a follow-up asks about (followUpFirst). */
interface ConversationOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  read?: (page: FoundPage) => Promise<string | undefined>;
  vocabulary?: Vocabulary;
  /** The questions each page says it answers (front matter `questions`, asked-before.ts): see withPageAsked. */
  pageQuestions?: AskedOf;
  /** The courses words name (the search's index of names): see courseNamedIn. */
  coursesNamed?: (words: string[]) => FoundPage[];
}

/**
 * How like the questions a page says it answers a first question must be for that page to join the pages found
 * (withPageAsked). Chosen by npm run train:ranker's cross-validation (first questions, answer page first): none
 * 89.9%, above 0.25 90.4%, 0.15 90.9%, 0.1 91.2% (as at 0).
 */
const PAGE_ASKED_LIKENESS = 0.1;

/**
 * The pages found, and after them the page whose own questions the question is likest, when the search did not find
 * it: visitors ask in words no page uses ("I'd like to remember the college in my will"), and the search finds a
 * page by its words. The chat's ranking then weighs it with the others (page-ranker.ts, askedBefore). Its title and
 * kind are its twin's.
 */
async function withPageAsked(
  found: FoundPage[],
  question: string,
  { pageQuestions, read }: ConversationOptions,
): Promise<FoundPage[]> {
  const likest = pageQuestions && askedBeforeOnce(pageQuestions).likest(question);
  if (!read || !likest || likest.likeness < PAGE_ASKED_LIKENESS || found.some((p) => p.url === likest.url))
    return found;
  const page = await pageAt(likest.url, read);
  return page ? [...found, page] : found;
}

/** The page at `url` as retrieval finds it, its title and kind read from its twin; undefined without one. */
async function pageAt(url: string, read: NonNullable<ConversationOptions['read']>): Promise<FoundPage | undefined> {
  const page = { url, markdownUrl: markdownUrl(url), title: '' };
  const twin = await read(page);
  const title = twin && twinField(twin, 'title');
  return title ? { ...page, title, type: twinField(twin, 'type') } : undefined;
}

/**
 * A question the contact page answers though other pages hold more of its words: an office's email address or phone
 * number ("Which email address do I use for questions about fees?", "Who should I email about a student's tuition
 * bill?"; its table lists every office's), or a visit ("Could I sit in on a class before I apply?", "can I come and
 * have a look round?"; its Visiting section says whom to write to), or the way to the campus (asksTheWayHere: its
 * directions). Not "what do you do with my email address?", nor "who do I write to?" about a complaint (the
 * complaints page says how).
 */
const asksForTheContactPage = (question: string) =>
  HOW_TO_REACH.test(question) || VISITING.test(question) || asksTheWayHere(question);
const HOW_TO_REACH =
  /\b(?:which|what)(?:['’]s| is)? (?:the )?(?:[\p{L}'’]+ ){0,2}?(?:e-?mail(?: address)?|(?:phone|telephone) number|postal address)\b|\bwhat number (?:do|can|should) i (?:ring|call|phone)\b|\bwho (?:do|should|can) i e-?mail\b/iu;
const VISITING = /\bsit in on\b|\b(?:look|have a look) (?:round|around)\b/iu;

/** The pages found with the contact page first, marked certain (the ranking keeps it there); unchanged without `read`. */
async function withContactFirst(found: FoundPage[], { read }: ConversationOptions): Promise<FoundPage[]> {
  const contact = read && (await pageAt(CONTACT_PAGE, read));
  return contact ? [{ ...contact, certain: true }, ...found.filter((p) => p.url !== CONTACT_PAGE)] : found;
}

/**
 * The pages found with the page named for `word` (title, aliases, keywords) first, marked certain: the first such that
 * the site search finds for the word (as a visitor typing it would), else among the pages found.
 */
async function withNamedFirst(
  found: FoundPage[],
  word: string,
  search: SearchFn,
  options: ConversationOptions,
): Promise<FoundPage[]> {
  const { read } = options;
  if (!read) return found;
  const searched = await search({ q: word, limit: PER_QUERY }, { signal: bounded(options) }).then(
    (r) => r.results,
    () => [],
  );
  const pages = [...searched, ...found.filter((p) => !searched.some((f) => f.url === p.url))];
  const named = namedFor(word, await Promise.all(pages.map(async (page) => ({ page, twin: await read(page) }))));
  if (!named) return found;
  return [{ ...named.page, certain: true }, ...found.filter((p) => p.url !== named.page.url)];
}

/**
 * True when a question asks in other words for a page no other site would have: the way to the campus, whether
 * someone else is told a record, a legacy, the grade needed, the placement test (namedWordOf). The floor takes it in
 * as one naming a page (answer.ts): "will you tell my church whether I'm enrolled if they ring up and ask?" was
 * declined with the records page first. Help with paying is left to the floor: "Are there childcare grants for single
 * mums?" reads so too.
 */
export const asksForAPageInOtherWords = (question: string) =>
  asksTheWayHere(question) || NAMES_OF_THIS_SITE.has(namedWordOf(question) ?? '');
const NAMES_OF_THIS_SITE = new Set(['records', 'legacy', 'grading', 'placement test']);

/**
 * A first question whose page is known by a word it need not use: the site's own names decide which page that is
 * (withNamedFirst).
 *  - Whether someone else is told a student's grades or enrolment ("Can my parents ring up and find out my
 *    grades?", "Will you tell our church whether our ordinand is enrolled?"): the page named for records says who may
 *    see them, while the fees or registration pages hold more of its words.
 *  - Leaving a gift in a will, or giving in someone's memory ("I'd like to remember the college in my will"): the page
 *    named for legacies.
 *  - The grade needed to pass or to go on ("What grade do I need in Greek I to be allowed into Greek II?", "got a D in
 *    BIB201, can I still go on?"): the page named for grading, though the next course's page names the course.
 *  - Help with paying ("Is there any funding for organists who want to do the sacred music certificate?", "Do I lose
 *    my scholarship if I take a break?"): the page named for bursaries; not giving to one ("set up a named
 *    scholarship"), which the giving page answers.
 *  - Whether Greek or Hebrew learned before spares the first course ("I did a bit of Greek at Bible school years ago.
 *    Do I have to start from scratch?", "Can I skip the first Hebrew course?"): the page named for the placement
 *    test, though the courses' pages hold more of its words.
 */
function namedWordOf(question: string): string | undefined {
  if (SOMEONE_ELSE.test(question) && A_RECORD.test(question) && TOLD.test(question)) return 'records';
  if (A_LEGACY.test(question)) return 'legacy';
  if (GRADE_NEEDED.test(question)) return 'grading';
  if (FUNDING.test(question) && !GIVING.test(question)) return 'bursaries';
  if (A_LANGUAGE.test(question) && STUDIED_BEFORE.test(question) && FROM_THE_START.test(question))
    return 'placement test';
  return undefined;
}
const SOMEONE_ELSE =
  /\b(?:my|our|her|his) (?:son|daughter|child|kids?|husband|wife|parents?|mum|mom|dad|father|mother|church|pastor|minister|vicar|employer|boss|sponsor|ordinand|members?)\b|\b(?:parents?|church|employer|sponsor)\b/iu;
const A_RECORD =
  /\b(?:grades?|marks?|results?|enrolled|enrol(?:l)?ment|registered|transcripts?|records?|attendance|how (?:s?he|they)(?:['’]s| is| are)? doing)\b/iu;
const TOLD = /\b(?:tell|told|find out|see|check|confirm|ring|phone|call|ask about|access|share|informed)\b/iu;
const A_LEGACY = /\b(?:in (?:my|his|her|their|our) will|legacy|bequest|in memory of|remember the college)\b/iu;
const FUNDING =
  /\b(?:any (?:funding|financial help|financial support|help (?:with|towards) the cost)|funding for|financial help|help paying|bursar(?:y|ies)|scholarships?|grants?)\b/iu;
const GIVING = /\b(?:set up|give|giving|donate|donation|fund a|named scholarship)\b/iu;
const A_LANGUAGE = /\b(?:greek|hebrew)\b/iu;
const STUDIED_BEFORE =
  /\b(?:learn(?:ed|t)|studied|took|did|done|taught myself|picked up|grew up|know|knew|speak|finished|finish|had|read)\b/iu;
const FROM_THE_START =
  /\b(?:start(?:ing)? (?:again|over|afresh|from)|from (?:the )?scratch|(?:from|at) the (?:very )?(?:beginning|start)|skip|test out of|go straight (?:in)?to)\b/iu;
const GRADE_NEEDED =
  /\bgrade (?:do|would) (?:i|you|we) need (?:in|to pass)\b|\b(?:got|get|only got) an? [a-f][+-]? in\b/iu;

/** A field of a Markdown twin's front matter, which writes each value as JSON ('title: "Refunds"'). */
function twinField(twin: string, name: string): string | undefined {
  const value = new RegExp(`^${name}: (".*")$`, 'm').exec(twin)?.[1];
  return value === undefined ? undefined : (JSON.parse(value) as string);
}
/** Earlier user turns that still count: the conversation drifts, and the latest ones say where it is. */
const EARLIER_TURNS = 2;

/**
 * Retrieval for the last of a conversation's user turns. A first question is retrieved on its own, with the page it
 * asks for in other words first (the contact page, or the page named for records, legacies, grading, bursaries or the
 * placement test: asksForTheContactPage, namedWordOf). A follow-up ("which one is for beginners?") also uses the
 * conversation, merged by reciprocal rank fusion:
 *  - the pages the previous question found (retrieval is deterministic, so they are found again rather than trusted
 *    from the client's copy of the conversation);
 *  - the question searched together with the salient words of the earlier user turns ("greek … beginners").
 * A follow-up that points back or says little leans on the conversation; one that names its own subject leans on
 * itself, so changing the subject still works. One that points back and asks for what comes after gets the next
 * course of the series the previous answer was about first, when retrieval found it; one asking what a course leads
 * to, or what else its teacher teaches, the courses the catalogue relates to it.
 */
export async function retrieveForConversation(
  userTurns: string[],
  search: SearchFn,
  max = 4,
  options: ConversationOptions = {},
): Promise<FoundPage[]> {
  const question = userTurns.at(-1) ?? '';
  const earlier = userTurns.slice(0, -1).slice(-EARLIER_TURNS);
  if (earlier.length === 0) {
    const found = await withPageAsked(await retrievePages(question, search, max, options), question, options);
    if (asksForTheContactPage(question)) return withContactFirst(found, options);
    const named = namedWordOf(question);
    return named ? withNamedFirst(found, named, search, options) : found;
  }
  const salient = topicWords(keywords(earlier.join(' '))).join(' ');
  const [now, cited, together] = await Promise.all([
    retrievePages(question, search, PER_QUERY, options),
    retrievePages(earlier.at(-1)!, search, PREVIOUS_PAGES, options),
    retrievePages(`${salient} ${question}`, search, PER_QUERY, { ...options, maxWords: CONVERSATION_WORDS }),
  ]);
  const leansBack = isFollowUp(question);
  const weights = leansBack ? [0.5, 1.5, 2] : [2, 0.5, 1];
  const scores = new Map<string, { page: FoundPage; score: number }>();
  [now, cited, together].forEach((list, i) =>
    list.forEach((page, rank) => {
      const entry = scores.get(page.url) ?? { page, score: 0 };
      entry.score += weights[i] / (RRF_K + rank + 1);
      scores.set(page.url, entry);
    }),
  );
  let ranked = [...scores.values()].sort((a, b) => b.score - a.score).map((e) => e.page);
  const first = await followUpFirst(question, { now, cited, together, leansBack }, options);
  if (first) ranked = [first, ...ranked.filter((p) => p.url !== first.url)];
  // "Which one covers the middle ages?" chooses among pages of the kind the answer cited: the best match of its
  // words with the conversation's among that kind goes first. The search ranks the pages holding most of them, the
  // rarest first, when none holds all: "which one can I do fully online?" after music courses is a music course
  // ("online" alone found a theology one), "which one covers the middle ages?" after church history is the course
  // on the middle ages, though it never says "church history".
  // "Which programs require it?" after a course asks for the programs that name it ("which courses are in it?"
  // after a program is answered by the program's own page).
  const kind = commonestType(cited);
  const choice =
    CHOOSES.test(question) && kind && keywords(question).length > 0
      ? { q: `${salient} ${question}`, type: kind }
      : ASKS_FOR_PROGRAMS.test(question) && POINTS_AT_ONE.test(question) && cited[0]?.type === 'course'
        ? { q: withoutCode(cited[0].title), type: 'program' as const }
        : undefined;
  if (choice) {
    const chosen = await search({ ...choice, limit: 1 }, { signal: bounded(options) }).then(
      (r) => r.results[0],
      () => undefined,
    );
    if (chosen) ranked = [chosen, ...ranked.filter((p) => p.url !== chosen.url)];
  }
  // "What else does she teach?", "what can I take after it?": the courses the catalogue relates to the course the
  // conversation is about (its teacher's others, those it is a prerequisite of), which share none of the follow-up's
  // words and few of the conversation's.
  const related = asksWhatElseIsTaught(question)
    ? await alsoTaughtBy(cited, search, options)
    : leansBack && LEADS_ON.test(question)
      ? await followingOn(cited, search, options)
      : [];
  if (related.length > 0) {
    const certain = related.map((p) => ({ ...p, certain: true as const }));
    ranked = [...certain, ...ranked.filter((p) => !certain.some((t) => t.url === p.url))];
  }
  // A follow-up that asks where to start, or what comes after, about the series of courses the answer was about.
  const step = !leansBack ? undefined : ONWARD.test(question) ? 1 : STARTING.test(question) ? 0 : undefined;
  if (step !== undefined) return withPagesFollowed(inSeriesFirst(ranked, cited, step), cited, max);
  // "And Preaching II?", "what about World Christianity?": a follow-up naming a course asks about that course, though
  // the conversation's words (the first course's) still lead the ranking to the course asked about before.
  const named = related.length === 0 && !LEADS_ON.test(question) ? courseNamedIn(question, options) : undefined;
  if (named) ranked = [{ ...named, certain: true }, ...ranked.filter((p) => p.url !== named.url)];
  return withPagesFollowed(ranked, cited, max);
}

/**
 * The first `max` pages, the first two pages the question followed found among them (last, when fusion left them
 * out): the ranking then chooses one when the follow-up asks about it. Each of the follow-up's own searches finds ten
 * pages, and pages high in those outweigh the pages of the question followed ("how do I make a complaint?" then "how
 * long till I hear back?": all eight places went to pages about hearing back from admissions).
 */
function withPagesFollowed(ranked: FoundPage[], cited: FoundPage[], max: number): FoundPage[] {
  const kept = ranked.slice(0, max);
  const followed = cited.slice(0, FOLLOWED_KEPT);
  const missing = followed.filter((c) => !kept.some((p) => p.url === c.url));
  if (missing.length === 0 || max <= FOLLOWED_KEPT) return kept;
  // The last of the pages the question followed did not find make room.
  const others = kept.filter((p) => !followed.some((c) => c.url === p.url));
  const dropped = new Set(others.slice(-missing.length));
  return [...kept.filter((p) => !dropped.has(p)), ...missing];
}

/** How many of the pages the question followed found a follow-up's pages always hold. */
const FOLLOWED_KEPT = 2;

/**
 * The course a question names by its title or an alias of two words or more, held whole in its words as the search
 * reads them ("preaching 2" is "Preaching II"): a lookup in the search's index of names. A title of one word
 * ("Chaplaincy") is a topic too, not only a course.
 */
const courseNamedIn = (question: string, { coursesNamed }: ConversationOptions): FoundPage | undefined =>
  coursesNamed?.(rewrittenQuestion(question).words)[0];

/** Bounded like retrieval's own searches: a flooded search queue costs a follow-up's extra search, not the answer. */
function bounded({ signal, timeoutMs }: ConversationOptions): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs ?? RETRIEVAL_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * The other courses of the teachers of the first course among `cited` ("what else does she teach?"), by the teachers'
 * names (a name in a course's text may be its subject, so only a course whose facts list one is kept).
 */
async function alsoTaughtBy(cited: FoundPage[], search: SearchFn, options: ConversationOptions): Promise<FoundPage[]> {
  const course = cited.find((p) => p.type === 'course');
  const twin = course && options.read ? await options.read(course) : undefined;
  const teachers = twin === undefined ? [] : teachersOf(twin);
  return coursesWhose(
    course,
    teachers,
    (other) => teachersOf(other).some((name) => teachers.includes(name)),
    search,
    options,
  );
}

/** The courses that list the course `cited` starts with as a prerequisite ("what can I take after it?"), by its code. */
async function followingOn(cited: FoundPage[], search: SearchFn, options: ConversationOptions): Promise<FoundPage[]> {
  // Only when the conversation is about a course: after a program, "what can I do after it?" asks about degrees.
  const course = cited[0]?.type === 'course' ? cited[0] : undefined;
  const twin = course && options.read ? await options.read(course) : undefined;
  const code = twin === undefined ? undefined : twinField(twin, 'code');
  return code === undefined
    ? []
    : coursesWhose(course, [code], (other) => prerequisitesOf(other).includes(code), search, options);
}

/**
 * The courses other than `course` that a search among courses for any of `queries` finds and whose twin `holds`
 * (one of their facts, as the catalogue states it); none without `read`.
 */
async function coursesWhose(
  course: FoundPage | undefined,
  queries: string[],
  holds: (twin: string) => boolean,
  search: SearchFn,
  options: ConversationOptions,
): Promise<FoundPage[]> {
  if (!course || !options.read || queries.length === 0) return [];
  const signal = bounded(options);
  const found = await Promise.all(
    queries.map((q) =>
      search({ q, type: 'course', limit: PER_QUERY }, { signal }).then(
        (r) => r.results,
        () => [],
      ),
    ),
  );
  const others = [...new Map(found.flat().map((p) => [p.url, p])).values()].filter((p) => p.url !== course.url);
  const twins = await Promise.all(others.map((p) => options.read!(p)));
  return others.filter((_, i) => twins[i] !== undefined && holds(twins[i]));
}

/** The course codes a course's twin lists as its prerequisites ("- **Prerequisites:** [THE101 Introduction…](…)"). */
function prerequisitesOf(twin: string): string[] {
  const line = /^\s*[-*]\s*\*\*Prerequisites?:\*\*(.*)$/mu.exec(twin)?.[1] ?? '';
  return [...line.matchAll(/\[(\p{Lu}{2,4}\d{3})\b/gu)].map((m) => m[1]!);
}

/**
 * The page a follow-up asks about, when fusion may rank another a little above it; undefined to keep fusion's order.
 *  - A follow-up pointing at a course and asking what its page states ("how is it graded?", "is it online?"): the
 *    course, though the handbook has a page on grading and one on online learning.
 *  - A short follow-up asking a handbook page's rule again of something else ("and for the MDiv?"): that page.
 *  - A follow-up naming a thing the conversation's page does not mention ("is there any funding for organists?"
 *    after a certificate): the page among its own first few named for it (title, aliases, keywords).
 *  - A follow-up about a rule the page the conversation is on does not hold ("what if I'm dyslexic?" after a course,
 *    "will I lose my scholarship?" after a leave of absence, "how much would a course cost?" after the MDiv): the
 *    handbook page its own words find first, when that page is about them (its title, aliases, keywords or
 *    headings name a topic asked, or hold the floor's share of it): the handbook states the rule for every program.
 *  - A follow-up that leans on the conversation: the previous answer's first page, when it holds the follow-up's
 *    words ("is there an essay?" after Science and Faith), or when the follow-up points at it ("is it online?", "who
 *    teaches that?") and the conversation's words with the follow-up's still find it.
 * Without `read` and a vocabulary, only the pointing is read.
 */
async function followUpFirst(
  question: string,
  {
    now,
    cited,
    together,
    leansBack,
  }: { now: FoundPage[]; cited: FoundPage[]; together: FoundPage[]; leansBack: boolean },
  { read, vocabulary }: ConversationOptions,
): Promise<FoundPage | undefined> {
  const about = cited[0];
  if (!about) return undefined;
  const pointsAtIt = POINTS_AT_ONE.test(question) && together.some((p) => p.url === about.url);
  // "How is it graded?", "is it online?", "how many credits is it worth?": what every course's page states of it.
  if (about.type === 'course' && POINTS_AT_ONE.test(question) && COURSE_FACT.test(question)) return about;
  const aboutTwin = read && vocabulary ? await read(about) : undefined;
  if (!read || aboutTwin === undefined) return leansBack && pointsAtIt ? about : undefined;
  // "And for the MDiv?", "what about outside term?": the rule the answer gave, asked again of another course, program
  // or time (the MDiv's own page would go first for the word it is named for).
  if (about.type === 'handbook' && ELLIPSIS.test(question) && keywords(question).length <= 3) return about;
  // A follow-up naming a thing the page does not mention ("is there any funding for organists?" after the
  // Certificate in Sacred Music; "is there an essay?" is the course's) is about the page of its own named for it
  // (title, aliases, keywords), unless it points at the page ("is it online?" asks about the course). So is one
  // asking whether there is a thing ("are there scholarships I could get?" after how to apply, "is there parking?"
  // after where the campus is), though the page mentions it in passing; not after a course, whose page states what
  // it has ("is there an essay?").
  const thing = about.type === 'course' ? undefined : askedFor(question);
  const unmentioned = [
    ...(thing && !KIND_WORDS.has(thing) ? [thing] : []),
    ...topicWords(keywords(question)).filter((w) => pageCoverage(w, aboutTwin, vocabulary) < RELEVANCE_FLOOR),
  ];
  if (unmentioned.length > 0 && !pointsAtIt) {
    const ownFirst = await Promise.all(now.slice(0, FIRST_FEW).map(async (p) => ({ ...p, twin: await read(p) })));
    const named = unmentioned.map((w) => namedFor(w, ownFirst)).find((p) => p !== undefined);
    if (named) return named;
  }
  const holds = pageCoverage(question, aboutTwin, vocabulary) >= RELEVANCE_FLOOR;
  const own = now[0];
  if (!holds && own?.type === 'handbook' && own.url !== about.url) {
    const ownAbout = aboutOf((await read(own)) ?? '');
    if (
      aboutATopicAsked(question, [ownAbout], vocabulary) ||
      pageCoverage(question, ownAbout, vocabulary) >= RELEVANCE_FLOOR
    )
      return own;
  }
  return leansBack && (holds || pointsAtIt) ? about : undefined;
}

/** The kind of page most of `pages` are (the first of them on a tie). */
function commonestType(pages: FoundPage[]): PageType | undefined {
  const counts = new Map<string, number>();
  for (const p of pages) if (p.type) counts.set(p.type, (counts.get(p.type) ?? 0) + 1);
  const best = [...counts].reduce<[string, number] | undefined>((a, b) => (!a || b[1] > a[1] ? b : a), undefined);
  return best?.[0] as PageType | undefined;
}

/** A follow-up about one thing the answer was about: "is it online?", "how much is this course?", "who teaches that?". */
const POINTS_AT_ONE =
  /\b(?:it|its|(?:this|that) (?:one|course|class|program|programme|degree|certificate|diploma))\b|\b(?:this|that)\W*$/i;

/** What a course's page states of it: how it is taught, its credits, assessment, prerequisites, teacher, terms. */
const COURSE_FACT =
  /\b(?:online|on campus|in person|from home|credits?|grad(?:ed|ing)|assess(?:ed|ment)|prerequisites?|before it|teach(?:es|ing)?|taught|when does|which (?:term|semester))\b/i;

/**
 * A follow-up asking what else the teacher teaches: "what else does she teach?", "does he teach anything in the
 * summer?", "is he teaching next year?"; not one asking about the course ("does it teach anything on prayer?").
 */
const asksWhatElseIsTaught = (question: string) =>
  !POINTS_AT_ONE.test(question) &&
  (TAUGHT_ELSE.test(question) || (OF_THE_TEACHER.test(question) && TEACH.test(question)));
const TEACH = /\bteach(?:es|ing)?\b/i;
const TAUGHT_ELSE = /\bteach(?:es|ing)?\b[^?.!]*\b(?:else|other|anything|any more)\b|\b(?:else|other)\b[^?.!]*\bteach/i;
const OF_THE_TEACHER = /\b(?:he|she|him|her)\b/i;

/** A follow-up that asks the previous question again of something else: "and for the MDiv?", "what about…". */
const ELLIPSIS = /^\W*(?:and|what about|how about|same for)\b/i;

/** A follow-up that chooses among what the answer listed: "which one…", "which of them…". */
const CHOOSES = /\bwhich (?:one|ones|of (?:them|these|those))\b/i;

/** A follow-up asking for programs: "which programs require it?", "what degrees is it part of?". */
const ASKS_FOR_PROGRAMS = /\b(?:which|what|any) (?:programs?|programmes?|degrees?)\b/i;

/** A follow-up asking what a course leads to: "what can I take after it?", "what does it lead on to?". */
const LEADS_ON =
  /\b(?:what comes after|after (?:it|that|this|that one|this one)|leads? (?:on )?to|follows? on|go on to|carr(?:y|ies) on|course after|take (?:once|after))\b/i;

/** A follow-up asking for what comes after ("what comes after the first one?", "is there a more advanced one?"). */
const ONWARD = /\b(?:after|next|then|advanced|harder|higher|further|follow(?:s|ing)?|continue|second|later)\b/i;
/** A follow-up asking where to start ("which one is for beginners?"). */
const STARTING = /\b(?:beginners?|beginning|start(?:ing|er)?|introductory|intro|basics?|easiest|first)\b/i;
/**
 * The pages with one course of the conversation's series first: for the series of the first such page the previous
 * answer cited, the course `step` places after the earliest of it cited: 1, the next ("Preaching II" after
 * "Preaching I"); 0, that earliest one. Unchanged when retrieval did not find it.
 */
function inSeriesFirst(ranked: FoundPage[], cited: FoundPage[], step: 0 | 1): FoundPage[] {
  const places = cited.map((p) => seriesOf(p.title)).filter((s) => s !== undefined);
  if (places.length === 0) return ranked;
  const name = places[0]![0];
  const first = Math.min(...places.filter(([n]) => n === name).map(([, place]) => place));
  const next = ranked.find((p) => {
    const series = seriesOf(p.title);
    return series !== undefined && series[0] === name && series[1] === first + step;
  });
  return next ? [next, ...ranked.filter((p) => p !== next)] : ranked;
}
