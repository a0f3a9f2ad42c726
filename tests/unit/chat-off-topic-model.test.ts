import { describe, expect, it } from 'vitest';
import fitted from '../../src/lib/chat/off-topic-model.json' with { type: 'json' };
import { FEATURES, floorFeatures, offTopicChance, type OffTopicModel } from '../../src/lib/chat/off-topic-model.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';

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
  it('is the model the code reads: a weight per feature, in the same order, and one per dimension of meaning', () => {
    expect(fitted.features).toEqual([...FEATURES]);
    expect(fitted.weights).toHaveLength(FEATURES.length);
    expect(fitted.meaningWeights).toHaveLength(100);
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

  it('is a logistic model: the weighed features and the scaled meaning, through the logistic function', () => {
    const model: OffTopicModel = {
      features: FEATURES,
      threshold: 0.8,
      bias: 1,
      weights: FEATURES.map((_, i) => (i === 0 ? -2 : 0)),
      meaningScale: 3,
      meaningWeights: [0.5, ...new Array<number>(99).fill(0)],
    };
    const features = FEATURES.map((_, i) => (i === 0 ? 1 : 0));
    expect(offTopicChance(features, undefined, model)).toBeCloseTo(1 / (1 + Math.exp(1)));
    const meaning = [1, ...new Array<number>(99).fill(0)];
    expect(offTopicChance(features, meaning, model)).toBeCloseTo(1 / (1 + Math.exp(-0.5)));
  });

  it('as fitted, finds a question the site and its pages hold less likely off topic than one they hardly hold', () => {
    const held = floorFeatures('library opening hours', [library, greek], vocabulary, { namesAPage: false });
    const hardly = floorFeatures('library opening hours mortgage laptop', [greek], vocabulary, { namesAPage: false });
    expect(offTopicChance(held, undefined)).toBeLessThan(offTopicChance(hardly, undefined));
  });
});
