import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_FEATURES,
  MODELS,
  RANK_FEATURES,
  followUpFeatures,
  rankFeatures,
  rankForChat,
  scoreOf,
  type RankModel,
} from '../../src/lib/chat/page-ranker.ts';
import { askedBefore } from '../../src/lib/chat/asked-before.ts';
import { withCalendar } from '../../src/lib/chat/calendar.ts';
import fitted from '../../src/lib/chat/page-ranker.json' with { type: 'json' };
import chat from '../../eval/chat.json' with { type: 'json' };
import conversations from '../../eval/conversations.json' with { type: 'json' };
import searches from '../../eval/search.json' with { type: 'json' };
import offTopic from '../../eval/offtopic.json' with { type: 'json' };
import { readContentSources } from '../../integrations/content-sources.ts';
import { withoutRuleChanges } from '../../src/lib/chat/relevance.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';

// How many of a small site's 40 pages hold each word.
const vocabulary = new Vocabulary({
  pages: 40,
  words: [
    ['refund', 3],
    ['drop', 4],
    ['course', 35],
    ['week', 20],
    ['money', 8],
    ['bursaries', 2],
    ['international', 5],
    ['students', 30],
  ],
});
const twin = (title: string, type: string, body: string, keywords: string[] = []) =>
  `---\ntitle: "${title}"\ntype: "${type}"\nkeywords: ${JSON.stringify(keywords)}\n---\n\n# ${title}\n\n${body}`;
const dropping = {
  url: '/handbook/adding-and-dropping-courses/',
  type: 'handbook',
  twin: twin(
    'Adding and dropping courses',
    'handbook',
    'Drop a course in week 1 or 2.\n\n## Money\n\nSee the refunds page.',
  ),
};
const refunds = {
  url: '/handbook/refunds/',
  type: 'handbook',
  twin: twin(
    'Refunds',
    'handbook',
    'What comes back.\n\n## Dropping a course\n\nDrop a course in week 3: half your money is refunded.',
    ['money back'],
  ),
};
const handbook = {
  url: '/handbook/',
  type: 'page',
  twin: twin(
    'Student handbook',
    'page',
    '- Refunds: money back when you drop a course.\n- Adding and dropping courses.',
  ),
};
const feature = (name: (typeof RANK_FEATURES)[number], row: number[]) => row[RANK_FEATURES.indexOf(name)];
const question = 'If I drop a course in week 3, how much money will I get refunded?';

describe('rankFeatures', () => {
  it('reads the page as a whole, its best passage, its opening and its names', () => {
    const [first, second] = rankFeatures(question, [dropping, refunds], vocabulary);
    expect(feature('retrievalRank', first!)).toBe(1);
    expect(feature('retrievalRank', second!)).toBe(0.5);
    // The refunds page holds every word of the question in one passage; the other spreads them over two.
    expect(feature('bestPassage', second!)).toBe(1);
    expect(feature('bestPassage', first!)).toBeLessThan(feature('holds', first!)!);
    expect(feature('names', second!)).toBeGreaterThan(feature('names', first!)!);
    expect(feature('handbook', second!)).toBe(1);
    expect(feature('course', second!)).toBe(0);
  });

  it('marks an index page of another page found, and the page named for what is asked for', () => {
    const bursaries = {
      url: '/handbook/scholarships-and-bursaries/',
      type: 'handbook',
      twin: twin('Scholarships and bursaries', 'handbook', 'Awards.'),
    };
    const international = {
      url: '/handbook/international-students/',
      type: 'handbook',
      twin: twin('International students', 'handbook', 'Bursaries for international students.'),
    };
    const rows = rankFeatures(
      'Are there bursaries for international students?',
      [handbook, international, bursaries],
      vocabulary,
    );
    expect(rows.map((r) => feature('indexOfAnother', r))).toEqual([1, 0, 0]);
    expect(rows.map((r) => feature('namedForThing', r))).toEqual([0, 0, 1]);
  });

  it('marks the course the question names by its series and number, whichever way the number is written', () => {
    const course = (code: string, title: string) => ({
      url: `/courses/${code.toLowerCase()}/`,
      type: 'course',
      twin: twin(`${code}: ${title}`, 'course', 'Grammar and reading.'),
    });
    const pages = [
      course('LAN301', 'Greek Readings'),
      course('BIB202', 'Biblical Greek II'),
      course('BIB201', 'Biblical Greek I'),
    ];
    const greek = new Vocabulary({
      pages: 40,
      words: [
        ['greek', 5],
        ['ii', 3],
        ['i', 3],
        ['readings', 1],
      ],
    });
    for (const asked of ['who teaches greek 1', 'Who teaches Greek one?', 'who teaches greek I'])
      expect(
        rankFeatures(asked, pages, greek).map((r) => feature('namedInSeries', r)),
        asked,
      ).toEqual([0, 0, 1]);
    expect(rankFeatures('who teaches greek 2', pages, greek).map((r) => feature('namedInSeries', r))).toEqual([
      0, 1, 0,
    ]);
    expect(rankFeatures('who teaches greek', pages, greek).map((r) => feature('namedInSeries', r))).toEqual([0, 0, 0]);
  });
});

describe('rankForChat', () => {
  // A model weighing only retrieval's place.
  const byRank: RankModel = {
    features: RANK_FEATURES,
    weights: RANK_FEATURES.map((f) => (f === 'retrievalRank' ? 1 : 0)),
  };

  it('puts first the page whose passage answers the question, with the fitted weights', () => {
    expect(rankForChat(question, [handbook, dropping, refunds], vocabulary)[0]).toBe(refunds);
  });

  it('reads the features a model was fitted on by name: one fitted before a feature was added ranks as it did', () => {
    const older: RankModel = { features: ['meaning', 'retrievalRank'], weights: [0, 1] };
    expect(
      rankForChat(question, [handbook, dropping, refunds], vocabulary, { models: { ...MODELS, first: older } }),
    ).toEqual([handbook, dropping, refunds]);
  });

  it('weighs the features as the model says', () => {
    const models = { ...MODELS, first: byRank };
    expect(rankForChat(question, [handbook, dropping, refunds], vocabulary, { models })).toEqual([
      handbook,
      dropping,
      refunds,
    ]);
  });

  it('adds to the weighed features what its hidden units give: each the tanh of the standardized features weighed', () => {
    const linear = [1, 2];
    const model: RankModel = {
      features: ['a', 'b'],
      weights: linear,
      hidden: { center: [1, 0], scale: [2, 1], weights: [[1], [-1]], bias: [0.5], output: [3] },
    };
    // (3 - 1) / 2 = 1 and (4 - 0) / 1 = 4: tanh(0.5 + 1 - 4) weighed by 3.
    expect(scoreOf([3, 4], model)).toBeCloseTo(3 + 8 + 3 * Math.tanh(-2.5), 12);
    expect(scoreOf([3, 4], { features: ['a', 'b'], weights: linear })).toBe(11);
  });

  it('reads how like the questions each page answered before the question is', () => {
    const asked = askedBefore([
      { '/handbook/refunds/': ['If I drop a course in week 3, how much money do I get back?'] },
    ]);
    const rows = rankFeatures(question, [handbook, dropping, refunds], vocabulary, undefined, asked);
    const likeness = rows.map((r) => feature('askedBefore', r));
    expect(likeness[0]).toBe(0);
    expect(likeness[2]).toBeGreaterThan(0.5);
    const byAsked: RankModel = {
      features: RANK_FEATURES,
      weights: RANK_FEATURES.map((f) => (f === 'askedBefore' ? 1 : 0)),
    };
    const models = { ...MODELS, first: byAsked };
    expect(rankForChat(question, [handbook, dropping, refunds], vocabulary, { models, asked })[0]).toBe(refunds);
    // The questions a page's front matter says it answers count the same, beside those the models were fitted with.
    const pageQuestions = { '/handbook/adding-and-dropping-courses/': ['can I swap a quokka class for a wombat one?'] };
    // Only made-up words: the questions the models were fitted with hold "swap" (adding and dropping courses).
    const swap = 'a quokka for a wombat?';
    expect(rankForChat(swap, [handbook, refunds, dropping], vocabulary, { models, pageQuestions })[0]).toBe(dropping);
    expect(rankForChat(swap, [handbook, refunds, dropping], vocabulary, { models })[0]).toBe(handbook);
  });

  it('reads how near in meaning the questions each page answers are, given the meaning of a text', () => {
    const byMeaning: RankModel = {
      features: RANK_FEATURES,
      weights: RANK_FEATURES.map((f) => (f === 'askedMeaning' ? 1 : 0)),
    };
    const models = { ...MODELS, first: byMeaning };
    // A stand-in for the search's meaning: only two made-up animals mean anything, and the same.
    const meaning = (text: string) => (/quokka|wombat/.test(text) ? [1] : undefined);
    const pageQuestions = { '/handbook/refunds/': ['do I get my quokka back?'] };
    const asked = 'will you return my wombat';
    expect(rankForChat(asked, [handbook, dropping, refunds], vocabulary, { models, pageQuestions, meaning })[0]).toBe(
      refunds,
    );
    expect(rankForChat(asked, [handbook, dropping, refunds], vocabulary, { models, pageQuestions })[0]).toBe(handbook);
  });

  it('ranks a follow-up by the follow-up model, which reads the question it follows', () => {
    // Only the share of the question followed: "and in week 1?" is about the page that answered it.
    const byPrevious: RankModel = {
      features: FOLLOW_UP_FEATURES,
      weights: FOLLOW_UP_FEATURES.map((f) => (f === 'previousBestPassage' ? 1 : 0)),
    };
    const models = { first: byRank, followUp: byPrevious };
    expect(rankForChat('and in week 1?', [handbook, dropping, refunds], vocabulary, { models })).toEqual([
      handbook,
      dropping,
      refunds,
    ]);
    expect(
      rankForChat('and in week 1?', [handbook, dropping, refunds], vocabulary, { models, previous: question })[0],
    ).toBe(refunds);
  });

  it('leaves the order alone without the site words', () => {
    expect(rankForChat(question, [dropping, refunds], undefined)).toEqual([dropping, refunds]);
  });

  it('ranks today’s calendar where retrieval found the events page', () => {
    const events = { url: '/events/', type: 'page', twin: twin('Events', 'page', 'Lectures.') };
    const calendar = {
      title: 'Events and key dates, as of today',
      url: '/events/',
      text: 'Open day: 5 December.',
      events: [],
    };
    expect(withCalendar([dropping, events], [calendar]).map((p) => p.twin)).toEqual([dropping.twin, calendar.text]);
    expect(withCalendar([dropping], [calendar]).map((p) => p.url)).toEqual([dropping.url, '/events/']);
  });
});

describe('followUpFeatures', () => {
  it('adds what each page holds of the conversation and of the question followed', () => {
    const rows = followUpFeatures('and in week 1?', question, [dropping, refunds], vocabulary);
    const of = (name: (typeof FOLLOW_UP_FEATURES)[number], row: number[]) => row[FOLLOW_UP_FEATURES.indexOf(name)];
    expect(rows[0]).toHaveLength(FOLLOW_UP_FEATURES.length);
    // The follow-up's own words are RANK_FEATURES, as for a first question.
    expect(rows[1]!.slice(0, RANK_FEATURES.length)).toEqual(
      rankFeatures('and in week 1?', [dropping, refunds], vocabulary)[1],
    );
    expect(of('previousBestPassage', rows[1]!)).toBe(1);
    expect(of('previousBestPassage', rows[0]!)).toBeLessThan(1);
    expect(of('conversationHolds', rows[1]!)).toBeGreaterThan(0);
  });
});

describe('page-ranker.json', () => {
  it('has a weight for every feature of each model, in their order', () => {
    expect(fitted.first.features).toEqual([...RANK_FEATURES]);
    expect(fitted.first.weights).toHaveLength(RANK_FEATURES.length);
    expect(fitted.followUp.features).toEqual([...FOLLOW_UP_FEATURES]);
    expect(fitted.followUp.weights).toHaveLength(FOLLOW_UP_FEATURES.length);
  });

  it("holds no held-out question of any set among the questions the site's pages say they answer", () => {
    const asWords = (q: string) =>
      q
        .toLowerCase()
        .replace(/[^a-z0-9 ]/g, '')
        .trim();
    const heldOut = new Set(
      [
        ...chat.questions.filter((q) => q.heldout).map((q) => q.q),
        ...conversations.conversations.filter((c) => c.heldout).flatMap((c) => c.turns),
        ...searches.queries.filter((q) => q.heldout).map((q) => q.q),
        ...offTopic.questions.filter((q) => q.heldout).map((q) => q.q),
      ].map(asWords),
    );
    const pageQuestions = readContentSources(process.cwd()).flatMap((source) => source.questions);
    expect(pageQuestions.length).toBeGreaterThan(500);
    expect(pageQuestions.filter((q) => heldOut.has(asWords(q)))).toEqual([]);
  });

  it('remembers only questions of the tuning part of eval/chat.json, never a held-out one', () => {
    const tuning = new Set(chat.questions.filter((q) => !q.heldout).map((q) => withoutRuleChanges(q.q)));
    const remembered = Object.values(fitted.asked).flat();
    expect(remembered.length).toBeGreaterThan(0);
    expect(remembered.filter((q) => !tuning.has(q))).toEqual([]);
  });
});
