import { describe, expect, it } from 'vitest';
import fitted from '../../src/lib/chat/off-topic-model.json' with { type: 'json' };
import {
  FEATURES,
  contentWordsOf,
  floorFeatures,
  offTopicChance,
  type OffTopicModel,
} from '../../src/lib/chat/off-topic-model.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';
import { askedBefore } from '../../src/lib/chat/asked-before.ts';

const vocabulary = new Vocabulary({
  pages: 40,
  words: [
    ['library', 5],
    ['opening', 3],
    ['hours', 8],
    ['greek', 6],
    ['essay', 6],
  ],
});
const library = {
  url: '/handbook/library/',
  twin: '---\ntitle: "Library"\n---\n# Library\n\n## Opening hours\n\nOpen daily.',
};
const greek = { url: '/courses/bib201/', twin: '---\ntitle: "Biblical Greek I"\n---\n# Biblical Greek I\n\nAn essay.' };
const feature = (features: number[], name: (typeof FEATURES)[number]) => features[FEATURES.indexOf(name)];

describe("the floor's off-topic model", () => {
  it('is the model the code reads: weights per feature, in the same order, per dimension of meaning and per word', () => {
    expect(fitted.features).toEqual([...FEATURES]);
    const units = fitted.outputWeights.length;
    expect(fitted.hiddenBias).toHaveLength(units);
    for (const rows of [fitted.featureWeights, fitted.meaningWeights, fitted.wordWeights])
      for (const row of rows) expect(row).toHaveLength(units);
    expect(fitted.featureWeights).toHaveLength(FEATURES.length);
    expect(fitted.meaningWeights).toHaveLength(100);
    expect(fitted.wordWeights).toHaveLength(fitted.words.length);
  });

  it('measures how much of the question the best and the first page hold, in their text and in what they are about', () => {
    const question = 'library opening hours';
    const features = floorFeatures(question, [greek, library], vocabulary, { namesAPage: false });
    expect(features).toHaveLength(FEATURES.length);
    expect(feature(features, 'siteWords')).toBe(1);
    expect(feature(features, 'bestPageHolds')).toBe(1);
    expect(feature(features, 'firstPageHolds')).toBe(0);
    expect(feature(features, 'bestPageAbout')).toBe(1); // its title and a heading
    expect(feature(features, 'titled')).toBe(1);
    // No closeness in meaning: each page as near as the average page; no page at all, farther than any.
    expect(feature(features, 'nearestPage')).toBe(0);
    expect(feature(floorFeatures(question, [], vocabulary, { namesAPage: false }), 'nearestPage')).toBe(-3);
    const closeness = (url: string) => (url === library.url ? 2.5 : 0.5);
    const near = floorFeatures(question, [library, greek], vocabulary, { closeness, namesAPage: true });
    expect([feature(near, 'nearestPage'), feature(near, 'firstPageNear'), feature(near, 'namesAPage')]).toEqual([
      2.5, 2.5, 1,
    ]);
  });

  it('reads how like the questions its editors say each page answers the question is, in words and in meaning', () => {
    const question = 'when does the library open';
    const askedByPages = askedBefore(
      [{ [library.url]: ['When does the library open on Sundays?'], [greek.url]: ['Do I need Greek already?'] }],
      (text) => (/library/i.test(text) ? [1, 0] : [0, 1]),
    );
    const features = floorFeatures(question, [greek, library], vocabulary, { namesAPage: false, askedByPages });
    expect(feature(features, 'firstPageAsked')).toBe(0);
    expect(feature(features, 'mostAsked')).toBeGreaterThan(0.5);
    expect([feature(features, 'firstPageAskedNear'), feature(features, 'nearestAsked')]).toEqual([0, 1]);
    // Without the pages' questions, none is like it.
    const without = floorFeatures(question, [greek, library], vocabulary, { namesAPage: false });
    expect(
      ['firstPageAsked', 'mostAsked', 'firstPageAskedNear', 'nearestAsked'].map((f) =>
        feature(without, f as (typeof FEATURES)[number]),
      ),
    ).toEqual([0, 0, 0, 0]);
  });

  it('is a network of one hidden layer: each unit sums the weights of what the question holds, through tanh', () => {
    const model: OffTopicModel = {
      features: FEATURES,
      threshold: 0.8,
      featureWeights: FEATURES.map((_, i) => (i === 0 ? [-2, 0] : [0, 0])),
      meaningScale: 3,
      meaningWeights: [[0.5, 0], ...Array.from({ length: 99 }, () => [0, 0])],
      words: ['mortgage', 'tuition'],
      wordWeights: [
        [2, 0],
        [-1, 0],
      ],
      hiddenBias: [1, 0.5],
      outputWeights: [1, 2],
      bias: -1,
    };
    const chance = (first: number) => 1 / (1 + Math.exp(-(-1 + Math.tanh(first) + 2 * Math.tanh(0.5))));
    const features = FEATURES.map((_, i) => (i === 0 ? 1 : 0));
    expect(offTopicChance(features, undefined, [], model)).toBeCloseTo(chance(1 - 2));
    const meaning = [1, ...new Array<number>(99).fill(0)];
    expect(offTopicChance(features, meaning, [], model)).toBeCloseTo(chance(1 - 2 + 0.5 * 3));
    // A word the model reads counts once, however often the question says it; a word it does not read, not at all.
    const words = contentWordsOf('A mortgage, a mortgage: how do I apply for a mortgage as a pastor?');
    expect(words).toEqual(['mortgage', 'apply', 'pastor']);
    expect(offTopicChance(features, undefined, words, model)).toBeCloseTo(chance(1 - 2 + 2));
  });

  it('reads the content words of a question, not how it is asked', () => {
    expect(contentWordsOf("How do I get my money back if I'm ill?")).toEqual(['money', 'back', 'ill']);
  });

  it('as fitted, finds a question the site and its pages hold less likely off topic than one they hardly hold', () => {
    const held = floorFeatures('library opening hours', [library, greek], vocabulary, { namesAPage: false });
    const hardly = floorFeatures('library opening hours mortgage laptop', [greek], vocabulary, { namesAPage: false });
    expect(offTopicChance(held, undefined, [])).toBeLessThan(offTopicChance(hardly, undefined, []));
  });

  it("as fitted, reads content words only, and a site's word does not turn a question its pages hold off topic", () => {
    expect(fitted.words).not.toContain('how');
    const held = floorFeatures('library opening hours', [library, greek], vocabulary, { namesAPage: false });
    for (const word of ['pastor', 'course', 'theology', 'fees'])
      expect(offTopicChance(held, undefined, [word]), word).toBeLessThan(fitted.threshold);
  });
});
