import { describe, expect, it } from 'vitest';
import { rankByWhatTheyHold } from '../../src/lib/chat/rank-pages.ts';
import { Vocabulary } from '../../src/lib/search/vocabulary.ts';

// How many of a small site's 40 pages hold each word.
const vocabulary = new Vocabulary({
  pages: 40,
  words: [
    ['greek', 6],
    ['gospels', 2],
    ['course', 35],
    ['know', 20],
    ['take', 25],
  ],
});
const greek = {
  url: '/courses/bib201/',
  twin: '# Biblical Greek I\n\nA first course in Greek. Take it to know the language.',
};
const gospels = {
  url: '/courses/bib230/',
  twin: '# The Gospels\n\nThe course reads the gospels in English. No Greek is needed to take it.',
};
const question = 'Do I have to know Greek to take the course on the Gospels?';

describe('rankByWhatTheyHold', () => {
  it('puts first the page holding more of the question, by the rarity of its words', () => {
    expect(rankByWhatTheyHold(question, [greek, gospels], vocabulary).map((p) => p.url)).toEqual([
      gospels.url,
      greek.url,
    ]);
  });

  it('keeps retrieval order between pages holding as much of the question', () => {
    const other = { ...gospels, url: '/courses/bib231/' };
    expect(rankByWhatTheyHold(question, [gospels, other], vocabulary)).toEqual([gospels, other]);
    expect(rankByWhatTheyHold(question, [other, gospels], vocabulary)).toEqual([other, gospels]);
  });

  it('counts how near a page is in meaning', () => {
    const near = (url: string) => (url === greek.url ? 20 : 0);
    expect(rankByWhatTheyHold(question, [gospels, greek], vocabulary, { closeness: near })[0]).toBe(greek);
  });

  it('leaves the order alone without the site words, and a page without a twin keeps only its rank', () => {
    expect(rankByWhatTheyHold(question, [greek, gospels], undefined)).toEqual([greek, gospels]);
    const untwinned = { url: '/x/' };
    expect(rankByWhatTheyHold(question, [untwinned, gospels], vocabulary)[0]).toBe(gospels);
  });

  it('puts an index page after the pages under it, unless the question names its whole title', () => {
    const handbook = {
      url: '/handbook/',
      twin: 'title: "Student handbook"\n\n# Student handbook\n\n- Greek placement: know Greek? Take the test.\n- The Gospels course.',
    };
    const placement = { url: '/handbook/language-placement/', twin: 'title: "Language placement"\n\nA Greek test.' };
    const asked = 'Do I have to take Greek if I know it?';
    expect(rankByWhatTheyHold(asked, [handbook, placement], vocabulary)).toEqual([placement, handbook]);
    // A page not under it stays behind it; one under it moves it no higher than it was.
    expect(rankByWhatTheyHold(asked, [handbook, gospels], vocabulary)[0]).toBe(handbook);
    expect(rankByWhatTheyHold(`${asked} Student handbook`, [handbook, placement], vocabulary)[0]).toBe(handbook);
  });
  it('puts first the page named for what an existential question asks for, not for who asks', () => {
    const site = new Vocabulary({
      pages: 40,
      words: [
        ['bursaries', 10],
        ['international', 2],
        ['students', 30],
        ['grant', 1],
        ['hardship', 1],
        ['reformations', 1],
      ],
    });
    const international = {
      url: '/handbook/international-students/',
      twin: 'title: "International students"\n\n# International students\n\nInternational students pay the same fees.',
    };
    const bursaries = {
      url: '/handbook/scholarships-and-bursaries/',
      twin: 'title: "Scholarships and bursaries"\nkeywords: ["grant","hardship fund"]\n\n# Scholarships\n\nAwards.',
    };
    const first = (question: string, pages = [international, bursaries]) =>
      rankByWhatTheyHold(question, pages, site)[0];
    // Asked without "are there", the page on international students holds more of it and goes first.
    expect(first('Bursaries for international students?')).toBe(international);
    expect(first('Are there bursaries for international students?')).toBe(bursaries);
    // Its keywords name it too (any of them), and a misspelt word is read as the site's.
    expect(first('Is there any hardship money for international students?')).toBe(bursaries);
    expect(first('Are there any bursarys for international students?')).toBe(bursaries);
    // "Do you have…" and "anything about…" ask for a thing too.
    const reformation = { url: '/courses/his210/', twin: 'title: "HIS210: The Reformations"\n\nLuther.' };
    expect(
      first('Do you teach international students anything about the Reformation?', [international, reformation]),
    ).toBe(reformation);
    // A kind of page asked for ("is there a course on…") names no topic.
    const registration = {
      url: '/handbook/course-registration/',
      twin: 'title: "Course registration"\n\nHow to register.',
    };
    expect(rankByWhatTheyHold('Is there a course on the Gospels?', [gospels, registration], vocabulary)[0]).toBe(
      gospels,
    );
  });
});
