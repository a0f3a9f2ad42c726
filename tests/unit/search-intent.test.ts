import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  intentFirst,
  seriesAskedFirst,
  seriesNamedAtTheTop,
  namesAPage,
  pricesFirst,
  programsNamedAtTheTop,
  startCourseFirst,
  factsAskedFirst,
} from '../../src/lib/search/intent.ts';
import type { RawHit } from '../../src/lib/search/pool.ts';
import { rewriteQuery } from '../../src/lib/search/query-rewrite.ts';
import { maxEdits, Vocabulary } from '../../src/lib/search/vocabulary.ts';
import { fieldVocabularyFileSchema } from '../../src/schemas/field-vocabulary.ts';

const site = new Vocabulary({
  pages: 50,
  words: [
    ['greek', 6],
    ['biblical', 12],
    ['i', 20],
    ['ii', 9],
    ['hebrew', 5],
    ['preaching', 3],
    ["paul's", 2],
    ['letters', 4],
    ['gospels', 3],
    ['old', 8],
    ['testament', 9],
    ['survey', 2],
    ['koine', 2],
    ['christology', 1],
  ],
});

describe('the field vocabulary', () => {
  it('is valid against its schema (editors extend it; the build imports it)', () => {
    expect(() =>
      fieldVocabularyFileSchema.parse(JSON.parse(readFileSync('src/content/field-vocabulary.json', 'utf8'))),
    ).not.toThrow();
  });

  it('reads a Bible reference as its book, and the book as the courses that read it', () => {
    expect(rewriteQuery('Rom 8', site).words).toEqual(["paul's", 'letters']);
    expect(rewriteQuery('1 Cor 13', site).words).toEqual(["paul's", 'letters']);
    expect(rewriteQuery('First Corinthians', site).words).toEqual(["paul's", 'letters']);
    expect(rewriteQuery('Jn 3:16', site).words).toEqual(['gospels']);
  });

  it('keeps the passage a reference names, as pages write it, for the pages naming it to go first', () => {
    expect(rewriteQuery('Rom 8', site).passage).toBe('romans 8');
    expect(rewriteQuery('1 Cor 13', site).passage).toBe('1 corinthians 13');
    expect(rewriteQuery('Jn 3:16', site).passage).toBe('john 3');
    // A book without a chapter names no passage.
    expect(rewriteQuery('First Corinthians', site).passage).toBeUndefined();
  });

  it('reads a book name that is an everyday word as a book only before a chapter', () => {
    expect(rewriteQuery('job', site).words).toEqual(['job']);
    expect(rewriteQuery('Job 38', site).words).not.toContain('job');
    expect(rewriteQuery('is there a course', site).words).not.toContain('prophets');
  });

  it("knows the field's abbreviations, and Greek words with or without their marks", () => {
    expect(rewriteQuery('OT intro', site).words).toEqual(['old', 'testament', 'survey']);
    expect(rewriteQuery('koinē', site).words).toContain('koine');
    expect(rewriteQuery('koine', site).words).toContain('koine');
  });
});

describe('numbers', () => {
  it('match in every form: 2, two, second and II', () => {
    for (const q of ['greek 2', 'greek two', 'Greek II', 'greek second'])
      expect(rewriteQuery(q, site).words).toEqual(['greek', 'ii']);
    expect(rewriteQuery('preaching 1', site).words).toEqual(['preaching', 'i']);
  });

  it('said first as an ordinal before a subject and a course noun, go after the subject in place of the noun', () => {
    expect(rewriteQuery('2nd preaching course', site).words).toEqual(['preaching', 'ii']);
    expect(rewriteQuery('the second Biblical Hebrew class', site).words).toEqual(['biblical', 'hebrew', 'ii']);
    expect(rewriteQuery('first greek course online', site).words).toEqual(['greek', 'i', 'online']);
    // No course noun: an ordinal of something else ("second year") stays where it is.
    expect(rewriteQuery('second year greek', site).words).toEqual(['second', 'year', 'greek']);
  });

  it("are left alone where they are not a course's number", () => {
    expect(rewriteQuery('2 greek', site).words).toEqual(['2', 'greek']);
  });
});

describe('typos', () => {
  it('allow more slips in longer words', () => {
    expect([maxEdits('greak'), maxEdits('chaplency'), maxEdits('eclesiastical')]).toEqual([1, 2, 3]);
    expect(site.correct('chirstology')).toBe('christology');
    expect(site.correct('grk')).toBeUndefined();
  });
});

describe('intent', () => {
  const hit = (url: string, title: string): RawHit => ({ url, title, type: 'page', excerpt: '' });

  it('puts the page whose title names the query first', () => {
    const answer = {
      total: 3,
      results: [hit('/handbook/entry-requirements/', 'Entry requirements'), hit('/accessibility/', 'Accessibility')],
    };
    expect(intentFirst(answer, ['accessibility', 'statement']).results[0].url).toBe('/accessibility/');
    // Whether the answer holds a page the query names decides if the few pages holding every word are enough.
    expect(namesAPage(answer, ['accessibility', 'statement'])).toBe(true);
    expect(namesAPage(answer, ['miss', 'examinations'])).toBe(false);
    const greek = {
      total: 2,
      results: [hit('/courses/bib201/', 'Biblical Greek I'), hit('/courses/bib202/', 'Biblical Greek II')],
    };
    expect(intentFirst(greek, ['greek', 'ii']).results[0].url).toBe('/courses/bib202/');
  });

  it('puts the course of a series a query names by subject and number in the first place of its series', () => {
    const course = (url: string, title: string): RawHit => ({ ...hit(url, title), type: 'course' });
    const answer = {
      total: 4,
      results: [
        course('/courses/bib202/', 'BIB202: Biblical Greek II'),
        hit('/handbook/language-placement/', 'Language placement'),
        course('/courses/lan301/', 'LAN301: Greek Readings'),
        course('/courses/bib201/', 'BIB201: Biblical Greek I'),
      ],
    };
    const urls = (words: string[]) => seriesAskedFirst(answer, words, 10).results.map((r) => r.url);
    // The rewritten words of "NT greek 1": the number says which course of the series; the others keep their places.
    expect(urls(['new', 'testament', 'greek', 'i'])).toEqual([
      '/courses/bib201/',
      '/handbook/language-placement/',
      '/courses/lan301/',
      '/courses/bib202/',
    ]);
    // Not whether the course comes before other pages: "skip greek 1" asks about the placement tests.
    const placementFirst = { ...answer, results: [answer.results[1]!, answer.results[3]!, answer.results[0]!] };
    expect(seriesAskedFirst(placementFirst, ['skip', 'greek', 'i'], 10).results).toEqual(placementFirst.results);
    // A lone "i" is the visitor, not a number ("can i take greek"); and beyond the window nothing moves.
    expect(seriesAskedFirst(answer, ['i', 'take', 'greek'], 10).results).toEqual(answer.results);
    expect(seriesAskedFirst(answer, ['greek', 'i'], 3).results).toEqual(answer.results);
  });

  it('puts an index page after the specific pages under it', () => {
    const answer = {
      total: 3,
      results: [
        hit('/programs/', 'Our programs'),
        hit('/programs/bachelor-of-theology/', 'Bachelor of Theology'),
        hit('/give/', 'Give'),
      ],
    };
    expect(intentFirst(answer, ['bachelor', 'degree']).results.map((r) => r.url)).toEqual([
      '/programs/bachelor-of-theology/',
      '/give/',
      '/programs/',
    ]);
  });

  it('names a program by its title and a noun every program is, and keeps it at the top', () => {
    const program = (url: string, title: string): RawHit => ({ ...hit(url, title), type: 'program' });
    const answer = {
      total: 4,
      results: [
        hit('/handbook/entry-requirements/', 'Entry requirements'),
        program('/programs/master-of-divinity/', 'Master of Divinity'),
        program('/programs/bachelor-of-theology/', 'Bachelor of Theology'),
        program('/programs/master-of-arts-church-history/', 'Master of Arts in Church History'),
      ],
    };
    // "masters degree" and "postgraduate degree" after the rewrite; the entry requirements speak of every degree.
    const masters = intentFirst(answer, ['master', 'degree']);
    expect(masters.results.map((r) => r.url)).toEqual([
      '/programs/master-of-divinity/',
      '/programs/master-of-arts-church-history/',
      '/handbook/entry-requirements/',
      '/programs/bachelor-of-theology/',
    ]);
    expect(programsNamedAtTheTop(masters, ['master', 'degree'])).toBe(2);
    // Without a program's noun, or with words no program's title holds, nothing is kept at the top.
    expect(programsNamedAtTheTop(masters, ['master'])).toBe(0);
    expect(programsNamedAtTheTop(answer, ['master', 'degree', 'cost'])).toBe(0);
    expect(programsNamedAtTheTop(answer, ['degree'])).toBe(0);
  });

  it("puts the fees page first for a query asking a program's or a course's price", () => {
    const answer = {
      total: 3,
      results: [
        { ...hit('/programs/master-of-divinity/', 'Master of Divinity'), type: 'program' },
        hit('/handbook/refunds/', 'Refunds'),
        hit('/handbook/tuition-and-fees/', 'Tuition and fees'),
      ],
    };
    expect(pricesFirst(answer, ['mdiv', 'cost']).results.map((r) => r.url)).toEqual([
      '/handbook/tuition-and-fees/',
      '/programs/master-of-divinity/',
      '/handbook/refunds/',
    ]);
    // No price asked, or a first page that is no program or course: unchanged.
    expect(pricesFirst(answer, ['mdiv', 'online'])).toBe(answer);
    const refunds = { ...answer, results: answer.results.slice(1) };
    expect(pricesFirst(refunds, ['refund', 'fees'])).toBe(refunds);
  });

  it('puts the courses of the subject whose facts are asked (online, in the summer, advanced, 6 credits) first', () => {
    const course = (code: string, title: string, facts: Partial<RawHit>): RawHit => ({
      ...hit(`/courses/${code}/`, title),
      type: 'course',
      ...facts,
    });
    const answer = {
      total: 5,
      results: [
        { ...hit('/programs/master-of-arts-church-history/', 'Master of Arts in Church History'), type: 'program' },
        course('his210', 'The Reformation', {
          department: 'Church History',
          delivery: 'on-campus',
          seasons: ['spring'],
          level: 'intermediate',
          credits: 3,
        }),
        course('lan120', 'Latin I', { department: 'Ancient Languages', delivery: 'online', seasons: ['summer'] }),
        course('his110', 'The Early Church', {
          department: 'Church History',
          delivery: 'online',
          seasons: ['fall', 'summer'],
          level: 'introductory',
          credits: 6,
        }),
        hit('/handbook/online-learning/', 'Online learning'),
      ],
    };
    const urls = (words: string[], kind?: 'course') =>
      factsAskedFirst(answer, words, 10, kind).results.map((r) => r.url);
    // The program states no facts; Latin, taught online, is not church history: it keeps its place.
    expect(urls(['online', 'church', 'history'])).toEqual([
      '/courses/his110/',
      '/programs/master-of-arts-church-history/',
      '/courses/lan120/',
      '/courses/his210/',
      '/handbook/online-learning/',
    ]);
    expect(urls(['summer', 'church', 'history'])[0]).toBe('/courses/his110/');
    expect(urls(['intermediate', 'church', 'history'])[0]).toBe('/courses/his210/');
    // Credits asked, and no subject: every course is a candidate.
    expect(urls(['credits', '6'])[0]).toBe('/courses/his110/');
    expect(urls(['iii', 'credit'])[0]).toBe('/courses/his210/');
    // "church history courses" asks for courses: the program goes after them.
    expect(urls(['online', 'church', 'history', 'courses'], 'course').slice(0, 3)).toEqual([
      '/courses/his110/',
      '/courses/his210/',
      '/courses/lan120/',
    ]);
    // No fact asked, or a program asked for by its kind: unchanged.
    expect(factsAskedFirst(answer, ['church', 'history'], 10)).toBe(answer);
    expect(factsAskedFirst(answer, ['master', 'church', 'history', 'online'], 10)).toBe(answer);
  });

  it('puts an index page named among other words asked after the specific pages under it', () => {
    const answer = {
      total: 3,
      results: [
        hit('/programs/', 'Programs'),
        hit('/courses/min310/', 'Youth and Family Ministry'),
        hit('/programs/diploma-pastoral-ministry/', 'Diploma in Pastoral Ministry'),
      ],
    };
    expect(intentFirst(answer, ['programs', 'youth', 'workers']).results.map((r) => r.url)).toEqual([
      '/courses/min310/',
      '/programs/diploma-pastoral-ministry/',
      '/programs/',
    ]);
    // Named by everything asked, it is what the visitor wants.
    expect(intentFirst(answer, ['programs']).results[0].url).toBe('/programs/');
  });

  it('puts a page whose title only starts like a word asked after the others, unless the longer word is near in meaning', () => {
    const answer = {
      total: 3,
      results: [
        hit('/courses/his320/', 'HIS320: History of Missions'),
        hit('/handbook/attendance/', 'Attendance'),
        hit('/courses/the310/', 'THE310: Prayer and Spirituality'),
      ],
    };
    // Word vectors say "missions" is far from "miss" and "prayer" near "pray".
    const related = (asked: string, longer: string) => asked === 'pray' && longer === 'prayer';
    expect(intentFirst(answer, ['miss', 'class'], related).results.map((r) => r.url)).toEqual([
      '/handbook/attendance/',
      '/courses/the310/',
      '/courses/his320/',
    ]);
    // "Prayer" is the word asked: the order stands.
    expect(intentFirst(answer, ['pray', 'class'], related).results).toEqual(answer.results);
    // Without word vectors, Pagefind's order stands.
    expect(intentFirst(answer, ['miss', 'class']).results[0].url).toBe('/courses/his320/');
    // A page near the query in meaning keeps its place, whatever its title's word is near.
    const nearPage = (_asked: string, _longer: string, url: string) => url === '/courses/his320/';
    expect(intentFirst(answer, ['miss', 'class'], nearPage).results).toEqual(answer.results);
  });

  it('puts an index page the query names after the named pages under it: the home page after the courses', () => {
    const answer = {
      total: 4,
      results: [
        hit('/', 'Northgate Institute of Theology'),
        hit('/courses/the101/', 'THE101: Introduction to Theology'),
        hit('/give/', 'Give'),
        hit('/programs/bachelor-of-theology/', 'Bachelor of Theology'),
      ],
    };
    expect(intentFirst(answer, ['theology']).results.map((r) => r.url)).toEqual([
      '/courses/the101/',
      '/programs/bachelor-of-theology/',
      '/',
      '/give/',
    ]);
    // Named alone, it is first.
    expect(intentFirst(answer, ['northgate', 'institute']).results[0].url).toBe('/');
  });

  it('puts a page first when the query names one of its aliases, or holds one of two words or more whole', () => {
    const answer = {
      total: 3,
      results: [
        hit('/programs/', 'Our programs'),
        hit('/handbook/online-learning/', 'Online learning'),
        { ...hit('/programs/master-of-divinity/', 'Master of Divinity'), aliases: ['MDiv', 'M Div'] },
      ],
    };
    expect(intentFirst(answer, ['mdiv']).results[0].url).toBe('/programs/master-of-divinity/');
    const leave = { ...hit('/handbook/leave-of-absence/', 'Leave of absence'), aliases: ['pause my studies'] };
    const pause = { total: 2, results: [hit('/handbook/library/', 'Library'), leave] };
    // The alias's stop words are left out as the query's are: "pause my studies" is "pause studies".
    expect(intentFirst(pause, ['pause', 'studies', 'year']).results[0].url).toBe('/handbook/leave-of-absence/');
    // Held as a phrase, in its order: "placement tests work" does not say "work placement".
    const careers = { ...hit('/handbook/careers-and-placements/', 'Careers'), aliases: ['work placement'] };
    const tests = { total: 2, results: [hit('/handbook/language-placement/', 'Language tests'), careers] };
    expect(intentFirst(tests, ['hebrew', 'placement', 'tests', 'work']).results[0].url).toBe(
      '/handbook/language-placement/',
    );
    expect(intentFirst(tests, ['find', 'work', 'placement']).results[0].url).toBe('/handbook/careers-and-placements/');
  });

  it('leaves a one-word alias among other words, and a short one, to the ranking', () => {
    const contact = { ...hit('/contact/', 'Contact us'), aliases: ['campus'] };
    const housing = { total: 2, results: [hit('/courses/min320/', 'Ministry Placement'), contact] };
    expect(intentFirst(housing, ['campus', 'housing']).results[0].url).toBe('/courses/min320/');
    const master = { ...hit('/programs/master-of-arts-church-history/', 'Master of Arts in Church History') };
    const ma = { total: 2, results: [hit('/handbook/grading/', 'Grading'), { ...master, aliases: ['MA'] }] };
    expect(intentFirst(ma, ['pass', 'marks']).results[0].url).toBe('/handbook/grading/');
  });

  it('puts a page whose keyword phrase the query holds whole above the other matches, below a named page', () => {
    const support = {
      ...hit('/handbook/learning-support/', 'Learning support'),
      keywords: ['essay writing', 'dyslexia'],
    };
    const answer = { total: 3, results: [hit('/courses/the101/', 'Introduction to Theology'), support] };
    expect(intentFirst(answer, ['essay', 'writing']).results[0].url).toBe('/handbook/learning-support/');
    // One keyword word is only weight in the index, not a tier.
    expect(intentFirst(answer, ['dyslexia']).results[0].url).toBe('/courses/the101/');
    const named = { total: 2, results: [support, hit('/courses/eng101/', 'Essay Writing')] };
    expect(intentFirst(named, ['essay', 'writing']).results[0].url).toBe('/courses/eng101/');
  });

  it('lists the courses a query names in entry order (level, then number in a series) unless it names a level or number', () => {
    const course = (code: string, title: string, level: string): RawHit => ({
      ...hit(`/courses/${code}/`, `${code.toUpperCase()}: ${title}`),
      level,
    });
    const answer = {
      total: 4,
      results: [
        course('lan301', 'Greek Readings', 'advanced'),
        hit('/handbook/language-placement/', 'Greek placement'),
        course('bib202', 'Biblical Greek II', 'intermediate'),
        course('bib201', 'Biblical Greek I', 'intermediate'),
      ],
    };
    // The handbook page keeps its place; the courses take theirs in entry order.
    expect(intentFirst(answer, ['greek']).results.map((r) => r.url)).toEqual([
      '/courses/bib201/',
      '/handbook/language-placement/',
      '/courses/bib202/',
      '/courses/lan301/',
    ]);
    expect(intentFirst(answer, ['greek', 'advanced']).results[0].url).toBe('/courses/lan301/');
    expect(intentFirst(answer, ['greek', 'ii']).results[0].url).toBe('/courses/bib202/');
    // The course named by its number in a series stays first: nothing ranks above it.
    expect(seriesNamedAtTheTop(intentFirst(answer, ['greek', 'i']), ['greek', 'i'])).toBe(1);
    expect(seriesNamedAtTheTop(intentFirst(answer, ['greek']), ['greek'])).toBe(0);
    // Asked where to start in the subject, its first course goes first and stays there; the course saying
    // "introduction" is not the start of Greek.
    const withIntro = {
      total: 5,
      results: [course('bib101', 'Introduction to the Bible', 'introductory'), ...answer.results],
    };
    const start = startCourseFirst(withIntro, ['introduction', 'greek']);
    expect(start.top).toBe(1);
    expect(start.answer.results.map((r) => r.url)).toEqual([
      '/courses/bib201/',
      '/courses/bib101/',
      '/courses/lan301/',
      '/handbook/language-placement/',
      '/courses/bib202/',
    ]);
    // Another level or a number named, or no course titled with the subject: unchanged.
    expect(startCourseFirst(withIntro, ['introduction', 'greek', 'ii']).top).toBe(0);
    expect(startCourseFirst(withIntro, ['beginner', 'greek', '2']).top).toBe(0);
    expect(startCourseFirst(withIntro, ['greek']).top).toBe(0);
    expect(startCourseFirst(withIntro, ['introduction', 'placement'])).toEqual({ answer: withIntro, top: 0 });
    // No title names "greek online" whole: the courses titled with the subject still start from its first.
    expect(intentFirst(answer, ['greek', 'online']).results.map((r) => r.url)).toEqual([
      '/courses/bib201/',
      '/handbook/language-placement/',
      '/courses/bib202/',
      '/courses/lan301/',
    ]);
    // A page whose title holds a word asked goes above one whose title holds none; a title holding more of them,
    // above one holding fewer; entry order only among the courses of one subject.
    const withOther = {
      ...answer,
      results: [course('the101', 'Introduction to Theology', 'introductory'), ...answer.results],
    };
    expect(intentFirst(withOther, ['greek', 'online']).results.map((r) => r.url)).toEqual([
      '/courses/bib201/',
      '/handbook/language-placement/',
      '/courses/bib202/',
      '/courses/lan301/',
      '/courses/the101/',
    ]);
    // A level word says where to start, not what about: "Introduction to the Bible" holds none of the subject asked
    // ("beginner hebrew", rewritten "introduction hebrew").
    const hebrew = {
      total: 2,
      results: [
        course('bib101', 'Introduction to the Bible', 'introductory'),
        course('bib211', 'Biblical Hebrew I', 'intermediate'),
      ],
    };
    expect(intentFirst(hebrew, ['introduction', 'hebrew']).results[0].url).toBe('/courses/bib211/');
    expect(intentFirst(hebrew, ['introduction', 'bible']).results[0].url).toBe('/courses/bib101/');
    const youth = {
      total: 3,
      results: [
        course('min101', 'Foundations of Ministry', 'introductory'),
        hit('/courses/', 'Course catalog'),
        course('min310', 'Youth and Family Ministry', 'intermediate'),
      ],
    };
    expect(intentFirst(youth, ['youth', 'ministry']).results.map((r) => r.url)).toEqual([
      '/courses/min310/',
      '/courses/min101/',
      '/courses/',
    ]);
  });
});
