/**
 * One chat answer, as data: retrieve the pages that match the question, read their Markdown twins into a budgeted
 * context, and start the model's answer. The edges encode it: POST /api/chat as the UI message stream
 * (ui-message-stream.ts), MCP ask_site as one tool result.
 */
import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { log } from '../log.ts';
import { messageText, type ChatRequest } from '../../schemas/chat.ts';
import { asksAboutDates, calendarAnchor, withCalendar, type CalendarPage } from './calendar.ts';
import { CHARS_PER_TOKEN, CONTEXT_TOKEN_BUDGET, fitToBudget } from './context.ts';
import { buildInstructions, NOT_COVERED } from './prompt.ts';
import { CONTACT_TWIN, declineText, officesFrom } from './decline.ts';
import {
  aboutATopicAsked,
  aboutOf,
  asksAboutAnotherInstitution,
  asksAboutAYearNotPublished,
  asksForACourse,
  comesFromAnotherInstitution,
  asksWhatNoPageAnswers,
  asksAboutTheSubjectOnly,
  asksOfATeacherWhatNoPageSays,
  coveredByPages,
  namesATeacherOf,
  namesATopic,
  onlyRuleChanges,
  onTopic,
  spelledAsMeant,
  titledByTheQuestion,
  withoutRuleChanges,
} from './relevance.ts';
import {
  asksForAPageInOtherWords,
  isFollowUp,
  retrieveForConversation,
  type FoundPage,
  type SearchFn,
} from './retrieve.ts';
import { POOL, SOURCES, rankForChat, type Closeness } from './page-ranker.ts';
import { askedBeforeOnce, type AskedOf, type Meaning } from './asked-before.ts';
import {
  DATES_OFF_TOPIC_CHANCE,
  LIKELIER_ON_TOPIC,
  NAMES_A_PAGE_OFF_TOPIC_CHANCE,
  OFF_TOPIC_CHANCE,
  contentWordsOf,
  floorFeatures,
  offTopicChance,
} from './off-topic-model.ts';
import type { Vocabulary } from '../search/vocabulary.ts';
import { ModelUnavailableError, startAnswer, type StartedAnswer } from './stream-answer.ts';
import { takeStreamSlot } from './streams.ts';
import { chatFirstToken, chatModelErrors } from '../metrics/index.ts';
import { loadPageTargets, loadTwin } from './twins.ts';
import { anchorFor, askedStems, holdsAWordAsked } from './citation.ts';

export interface AnswerOptions {
  model: LanguageModel | undefined;
  search: SearchFn;
  /** Origin for the absolute source links, e.g. 'https://northgate.example'. */
  origin: string;
  signal: AbortSignal;
  firstTokenTimeoutMs: number;
  /** CHAT_MAX_OUTPUT_TOKENS: the most tokens one answer may take. */
  maxOutputTokens: number;
  /** CHAT_MAX_STREAMS: the most answers this process writes at once. */
  maxStreams: number;
  /** Where the Markdown twins are (tests); default the client build. */
  twinRoot?: string;
  /** Today's calendar as a context page (calendar.ts), for questions about dates; absent, the chat has none. */
  calendar?: () => Promise<CalendarPage>;
  /** The site's words, for the relevance floor (relevance.ts); absent, every question is taken as on topic. */
  vocabulary?: Vocabulary;
  /** How near the pages are to a text in meaning (search/index.ts, closenessTo), to rank the pages found. */
  closeness?: (text: string) => Closeness | undefined;
  /**
   * What a text means, as a vector of length 1 (search/index.ts, meaningOf): with it, the floor's model is asked, and
   * the ranking reads how near in meaning the questions each page answers are.
   */
  meaning?: Meaning;
  /** True when a text names one of the site’s pages (search/index.ts, namesASitePage): such a question is on topic. */
  namesAPage?: (text: string) => boolean;
  /** The questions each page says it answers (front matter `questions`, asked-before.ts), for the ranking. */
  pageQuestions?: AskedOf;
  /** The courses words name (search/index.ts, coursesNamed): a follow-up naming one asks about it (retrieve.ts). */
  coursesNamed?: (words: string[]) => FoundPage[];
}

/** Who declined a question: the relevance floor before the model, or the model after reading the pages. */
export type Declined = 'off-topic' | 'not-covered';

/** A started answer and the pages it is grounded on. */
export interface ChatAnswer extends StartedAnswer {
  /** Every page in the model's context: absolute URL (with an anchor on the passage used, citation.ts) and title. */
  sources: { url: string; title: string }[];
  /**
   * Set when the site does not cover the question: the answer is the plain decline, with no sources. `off-topic`:
   * the floor decided it, and the model was not called; `not-covered`: the model found that the pages it was given
   * do not answer it (prompt.ts, NOT_COVERED).
   */
  declined?: Declined;
}

/** 503 AI_UNAVAILABLE: no model configured, or the provider failing before the answer started. */
export function aiUnavailable(configured: boolean): ApiError {
  return configured
    ? new ApiError(503, 'AI_UNAVAILABLE', 'The language model behind the chat is not answering right now.', {
        resolution: 'Try again in a minute. Meanwhile, /api/search finds the pages that may answer the question.',
      })
    : new ApiError(503, 'AI_UNAVAILABLE', 'The chat is not available: this site has no language model configured.', {
        resolution:
          'Use /api/search to find pages. Operators: set GOOGLE_GENERATIVE_AI_API_KEY or CHAT_OPENAI_BASE_URL.',
      });
}

/** The answer's limits, from the configuration (the same for POST /api/chat and MCP ask_site). */
export const chatLimits = (c: Config) => ({
  firstTokenTimeoutMs: c.CHAT_FIRST_TOKEN_TIMEOUT_MS,
  maxOutputTokens: c.CHAT_MAX_OUTPUT_TOKENS,
  maxStreams: c.CHAT_MAX_STREAMS,
});

/** The model is needed before anything else is worth doing. */
export function requireModel(model: LanguageModel | undefined): LanguageModel {
  if (!model) throw aiUnavailable(false);
  return model;
}

/**
 * Resolves once the model has written its first token. The answer holds one of `maxStreams` slots until its text
 * stream ends, fails or is cancelled, or `signal` aborts.
 * @throws ApiError 503 AI_UNAVAILABLE when there is no model, it fails before its first token, or this process is
 * already writing `maxStreams` answers (then with Retry-After).
 */
export async function answerChat(request: ChatRequest, options: AnswerOptions): Promise<ChatAnswer> {
  const model = requireModel(options.model);
  // Taken before retrieval, so a full instance refuses before doing any work; the answer's end gives it back.
  const release = takeStreamSlot(options.maxStreams);
  try {
    const question = messageText(request.messages.at(-1)!);
    // An attempt to change the rules names nothing on the site: retrieval and the floor never see it.
    const userTurns = request.messages.filter((m) => m.role === 'user').map((m) => withoutRuleChanges(messageText(m)));
    // A follow-up is judged with the conversation it follows ("how long does it take?" after "the MDiv"); a turn
    // that only tries to change the rules asks nothing of the site.
    const conversation = userTurns.slice(-2).join(' ');
    // A follow-up that points back or says little ("which one is for beginners?") is about what the question it
    // follows was about, whatever its own words.
    const latest = userTurns.at(-1) ?? question;
    const previous = userTurns.at(-2);
    const leansBack = previous !== undefined && isFollowUp(latest);
    // Today's calendar, for a question about dates, or a follow-up pointing back at one ("Do you have a carol
    // service?", then "is it free?"). Its events are on no page the search holds, so the floor reads it as one of the
    // pages.
    const calendar =
      options.calendar && (asksAboutDates(question) || (leansBack && asksAboutDates(previous)))
        ? [await options.calendar()]
        : [];
    const calendarText = calendar.map((p) => p.text);
    // A question naming one of the site's pages ("Could I still get onto the Bachelor of Theology?") is about it,
    // however many of its other words the site never uses; so is one asking for a page in other words ("Which buses
    // go to the college?": the contact page's directions; retrieve.ts). The rules reading words as typed read them
    // as meant.
    const meant = spelledAsMeant(latest, options.vocabulary);
    const namesAPage = (options.namesAPage?.(meant) ?? false) || asksForAPageInOtherWords(latest);
    // A conversation about a page the question followed named is on topic too ("I'm interested in the Diploma in
    // Pastoral Ministry.", then "What do I need to get in?": "interested" is on no page, and capitalised words are names
    // to the topic check).
    const followsANamedPage =
      previous !== undefined && (options.namesAPage?.(spelledAsMeant(previous, options.vocabulary)) ?? false);
    const wordsOnTopic =
      namesAPage ||
      followsANamedPage ||
      onTopic(conversation, options.vocabulary) ||
      (leansBack && onTopic(previous, options.vocabulary)) ||
      coveredByPages(conversation, calendarText, options.vocabulary);
    const first = userTurns.length === 1;
    // A question whose words the floor finds wanting is still retrieved for when it names one of the site's topics:
    // a page about that topic may take it in (below). So is a first question that names none ("when does the spring
    // term kick off": "kick" is on no page, the rest are everyday words): no page is about a topic it names, so only
    // the floor's model, which reads its meaning, lets it in, when it finds it likelier on topic. A follow-up that
    // names none is declined before any search, as is a request for a task ("translate…"), a question no page
    // answers ("how much do vicars earn?") or one about a year not yet published ("term dates for 2028?").
    if (
      onlyRuleChanges(question, options.vocabulary) ||
      asksWhatNoPageAnswers(latest) ||
      asksAboutAnotherInstitution(latest, options.vocabulary) ||
      asksAboutAYearNotPublished(latest, options.vocabulary) ||
      (!first && !wordsOnTopic && !namesATopic(conversation, options.vocabulary))
    ) {
      release();
      return await decline(question, options);
    }
    // Retrieval reads POOL pages (for a first question, also the page whose own questions it is likest: retrieve.ts)
    // and the ranking keeps the best four (page-ranker.ts): nearly every answer page is among them. A follow-up's own
    // words say little ("is it online?"): its model reads the conversation's words too.
    const found = await retrieveForConversation(userTurns, options.search, POOL, {
      signal: options.signal,
      read: (page) => loadTwin(page.markdownUrl, options.twinRoot),
      vocabulary: options.vocabulary,
      pageQuestions: options.pageQuestions,
      coursesNamed: options.coursesNamed,
    });
    const retrieved = await Promise.all(
      found.map(async (page) => ({ ...page, twin: await loadTwin(page.markdownUrl, options.twinRoot) })),
    );
    // Today's calendar is ranked with the pages: it answers "What is the Ashby Lecture?" better than any page, and is
    // read, and cited, once.
    const candidates = withCalendar(retrieved, calendar);
    const closeness = options.closeness?.(latest);
    // A follow-up is ranked by its own model, which reads the question it follows too.
    const byModel = rankForChat(latest, candidates, options.vocabulary, {
      closeness,
      previous,
      pageQuestions: options.pageQuestions,
      meaning: options.meaning,
    });
    // The best SOURCES pages, and today's calendar wherever it ranks.
    const kept = byModel.filter((p) => 'markdownUrl' in p).slice(0, SOURCES);
    const ranked = byModel.filter((p) => !('markdownUrl' in p) || kept.includes(p));
    const calendarFirst = calendar.some((c) => c.url === ranked[0]?.url);
    const withTwins = ranked.filter((p): p is (typeof retrieved)[number] => 'markdownUrl' in p);
    // The floor's second half, for a first question: its words must meet on one of the pages found (relevance.ts).
    // A follow-up leans on the conversation, whose first question was judged so. Either way, a page about a topic
    // the question names takes it in. A twin's front matter names its aliases and keywords: the search found it by
    // them, so they are its words too. The floor reads the pages retrieval put first, not the best of the wider pool
    // the ranking reads: among eight pages, an off-topic question's words meet on one by chance more often.
    const judged = retrieved.slice(0, SOURCES);
    const texts = [...calendarText, ...judged.flatMap((p) => (p.twin === undefined ? [] : [p.twin]))];
    const covered =
      namesAPage ||
      (wordsOnTopic &&
        (!first ||
          coveredByPages(conversation, texts, options.vocabulary) ||
          judged.some((p) => titledByTheQuestion(latest, p.twin))));
    // A first question that found courses and says nothing of studying asks about their subject, not about them.
    // Judged on retrieval's first pages too: the ranking brings up a program or handbook page from the wider pool
    // ("what does shalom actually mean in hebrew?"), and the courses were then no longer most of the pages.
    const subjectOnly = !namesAPage && first && asksAboutTheSubjectOnly(meant, judged);
    // The floor's model (off-topic-model.ts): how likely a first question is off topic, read from the pages search
    // found; today's calendar is none of them, so a question about dates ("What is the Ashby Lecture?") is declined
    // only when the model is surer still. So is a question naming a page: mostly about it, but not when it asks what
    // no page says of it ("Is the MDiv recognised by the Ghana Tertiary Education Commission?").
    const chanceOffTopic =
      first && options.meaning !== undefined && options.vocabulary !== undefined
        ? offTopicChance(
            floorFeatures(latest, withTwins, options.vocabulary, {
              closeness,
              namesAPage,
              askedByPages: options.pageQuestions && askedBeforeOnce(options.pageQuestions, options.meaning),
            }),
            options.meaning(latest),
            contentWordsOf(latest),
          )
        : undefined;
    // A question the rules let in is declined when the model is nearly sure it is off topic. A teacher's name is a
    // word of no other page ("Who is Ruth Abernathy?"), as is the name of the place a visitor comes from ("Will my
    // credits from Moody Bible Institute transfer?"); whether the institute teaches a thing ("Do you teach any
    // Aramaic?") the course catalogue answers, even when it does not.
    const threshold = Math.max(
      OFF_TOPIC_CHANCE,
      calendar.length > 0 ? DATES_OFF_TOPIC_CHANCE : 0,
      namesAPage ? NAMES_A_PAGE_OFF_TOPIC_CHANCE : 0,
    );
    const unlikely =
      (chanceOffTopic ?? 0) > threshold &&
      !namesATeacherOf(latest, withTwins) &&
      !comesFromAnotherInstitution(latest, options.vocabulary) &&
      !asksForACourse(latest);
    // Words that meet on none of the pages found ("What kind of computer do I need for online classes? Will an iPad
    // be enough?") are let in when the model, which reads the question's meaning too, finds it likelier on topic.
    const likely = (chanceOffTopic ?? 1) < LIKELIER_ON_TOPIC;
    // What the pages are about is read only when their words did not cover the question.
    if (
      subjectOnly ||
      asksOfATeacherWhatNoPageSays(latest, withTwins) ||
      (!covered &&
        !aboutATopicAsked(
          conversation,
          judged.map((p) => aboutOf(p.twin ?? '')),
          options.vocabulary,
        ) &&
        !likely) ||
      unlikely
    ) {
      release();
      return await decline(question, options);
    }
    // The calendar goes first: the retrieved pages share what it leaves of the budget.
    const budget = CONTEXT_TOKEN_BUDGET - Math.ceil(calendar.reduce((n, p) => n + p.text.length, 0) / CHARS_PER_TOKEN);
    const asked = askedStems(latest);
    // Until a page has a twin there is nothing to ground on; it is left out rather than guessed at. After a first
    // question's first page, a page holding none of its words (its text, title, aliases or keywords) is neither read
    // nor cited: the rank fusion brought it in on the strength of other lists, and it has nothing to land a citation
    // on (a follow-up's words say little: "is it online?" is about the page the conversation is on).
    const pages = [
      ...calendar,
      ...fitToBudget(
        withTwins.filter(
          (p, i): p is typeof p & { twin: string } =>
            p.twin !== undefined && (i === 0 || !first || holdsAWordAsked(p.twin, asked)),
        ),
        Math.max(budget, 0),
      ),
    ];
    // Each retrieved page links to the passage that best answers the question, in the text the model reads
    // (citation.ts); worked out while the model starts. A follow-up's own words may be on no passage ("which one is
    // for beginners?"): then the passage holding the conversation's.
    const askedBefore = !first ? askedStems(conversation) : undefined;
    const anchored = Promise.all(
      pages.slice(calendar.length).map(async (p) => {
        const targets = await loadPageTargets(p.url, options.twinRoot);
        const anchor = targets
          ? anchorFor(p.text, asked, targets) || (askedBefore ? anchorFor(p.text, askedBefore, targets) : '')
          : '';
        return { ...p, url: p.url + anchor };
      }),
    );
    const modelCalled = performance.now();
    const started = await startAnswer({
      model,
      instructions: buildInstructions(pages),
      messages: request.messages,
      signal: options.signal,
      firstTokenTimeoutMs: options.firstTokenTimeoutMs,
      maxOutputTokens: options.maxOutputTokens,
      onError: (err) => {
        chatModelErrors.inc();
        log.warn({ err: summary(err) }, 'chat: the language model failed');
      },
      onDone: release,
      notCoveredReply: NOT_COVERED,
    });
    chatFirstToken.observe((performance.now() - modelCalled) / 1000);
    // The model read the pages and found no answer on them: the visitor gets the same plain decline as for a
    // question the floor finds off topic, and none of those pages as sources.
    if (started.notCovered) return await decline(question, options, 'not-covered');
    // The calendar is cited after the pages unless it holds more of the question: it is background to them. It
    // links to the event asked about on the events page, or to what is coming up there.
    const calendarCited = calendar.map((c) => ({ ...c, url: c.url + calendarAnchor(c, asked) }));
    const cited = calendarFirst ? [...calendarCited, ...(await anchored)] : [...(await anchored), ...calendarCited];
    return { ...started, sources: cited.map((p) => ({ url: new URL(p.url, options.origin).href, title: p.title })) };
  } catch (err) {
    release();
    if (err instanceof ModelUnavailableError) throw aiUnavailable(true);
    throw err;
  }
}

/** The plain decline (decline.ts) as an answer with no sources. */
async function decline(question: string, options: AnswerOptions, by: Declined = 'off-topic'): Promise<ChatAnswer> {
  const offices = officesFrom(await loadTwin(CONTACT_TWIN, options.twinRoot));
  const text = declineText(question, offices, options.origin);
  const textStream = new ReadableStream<string>({
    start(controller) {
      controller.enqueue(text);
      controller.close();
    },
  });
  return { textStream, finishReason: Promise.resolve('stop'), sources: [], declined: by };
}

/** What the log needs of a provider error; the SDK's errors carry the whole prompt, which does not belong in logs. */
function summary(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const { statusCode, url, cause } = err as Error & { statusCode?: number; url?: string };
  return {
    name: err.name,
    message: err.message,
    statusCode,
    url,
    cause: cause instanceof Error ? cause.message : undefined,
  };
}
