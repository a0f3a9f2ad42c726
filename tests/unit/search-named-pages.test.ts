import { describe, expect, it } from 'vitest';
import { joined, kindAsked, PageNames } from '../../src/lib/search/named-pages.ts';
import type { RawHit } from '../../src/lib/search/pool.ts';

const page = (url: string, title: string, type = 'page', aliases?: string[]): RawHit => ({
  url,
  title,
  type,
  excerpt: '',
  ...(aliases ? { aliases } : {}),
});
const pages = [
  page('/programs/bachelor-of-theology/', 'Bachelor of Theology', 'program'),
  page('/programs/master-of-divinity/', 'Master of Divinity', 'program', ['MDiv', 'pastoral degree']),
  page('/courses/bib201/', 'BIB201: Biblical Greek I', 'course'),
  page('/courses/bib202/', 'BIB202: Biblical Greek II', 'course'),
  page('/handbook/refunds/', 'Refunds', 'handbook'),
  page('/handbook/how-to-apply/', 'How to apply', 'handbook'),
  page('/courses/min320/', 'MIN320: Chaplaincy', 'course'),
];
const names = new PageNames(pages);
const urls = (hits: RawHit[]) => hits.map((h) => h.url);

describe('pages a query names', () => {
  it('are those whose title of two words or more the query holds whole and in order, whatever else it asks', () => {
    // The rewritten words of "how long is the Bachelor of Theology?"
    expect(urls(names.namedIn(['long', 'bachelor', 'theology']))).toEqual(['/programs/bachelor-of-theology/']);
    expect(urls(names.namedIn(['theology', 'bachelor']))).toEqual([]);
    // A title's numeral is part of its name: "greek ii" names the second course, not the first.
    expect(urls(names.namedIn(['biblical', 'greek', 'ii', 'online']))).toEqual(['/courses/bib202/']);
    // The first of a series is named without its numeral too ("who teaches biblical greek").
    expect(urls(names.namedIn(['teaches', 'biblical', 'greek']))).toEqual(['/courses/bib201/']);
    // A course of a series is named loosely by its subject and number ("greek 2 exam"), and only by its own number.
    expect(names.namedIn(['greek', 'ii', 'exam'])).toEqual([]);
    expect(urls(names.namedIn(['greek', 'ii', 'exam'], undefined, { loose: true }))).toEqual(['/courses/bib202/']);
    expect(urls(names.namedIn(['koine', 'greek', 'i'], undefined, { loose: true }))).toEqual(['/courses/bib201/']);
  });

  it('include an alias of two words or more or an abbreviation, never another name of one word among others', () => {
    expect(urls(names.namedIn(['cost', 'pastoral', 'degree']))).toEqual(['/programs/master-of-divinity/']);
    // An abbreviation is no everyday word: it names its page among others.
    expect(urls(names.namedIn(['greek', 'mdiv']))).toEqual(['/programs/master-of-divinity/']);
    expect(names.namedIn(['refunds', 'late'])).toEqual([]);
  });

  it('include, for the search’s list, a page whose whole name is one word the query holds', () => {
    // "chaplain training": the Chaplaincy course never says "training", so Pagefind's AND leaves it out.
    expect(urls(names.namedIn(['chaplain', 'training'], undefined, { loose: true }))).toEqual(['/courses/min320/']);
    expect(urls(names.namedIn(['refunds', 'late'], undefined, { loose: true }))).toEqual(['/handbook/refunds/']);
    // A name that is one word only after its stop words is not: "apply" is asked of many pages.
    expect(names.namedIn(['degree', 'apply'], undefined, { loose: true })).toEqual([]);
    expect(names.namedIn(['chaplain', 'training'])).toEqual([]);
  });

  it('keep to the type asked for', () => {
    expect(names.namedIn(['long', 'bachelor', 'theology'], 'course')).toEqual([]);
  });

  it('join an answer after the pages it holds, once', () => {
    const answer = { total: 1, results: [pages[2]!] };
    expect(joined(answer, [pages[2]!, pages[3]!])).toEqual({ total: 2, results: [pages[2], pages[3]] });
    expect(joined(answer, [pages[2]!])).toBe(answer);
  });
});

describe('the kind of page asked for', () => {
  it('is read from a word naming it among others', () => {
    expect(kindAsked(['master', 'programs'])).toEqual({ type: 'program', rest: ['master'] });
    expect(kindAsked(['greek', 'courses'])).toEqual({ type: 'course', rest: ['greek'] });
  });

  it('is none when nothing else is asked, or no kind is named', () => {
    expect(kindAsked(['programs'])).toBeUndefined();
    expect(kindAsked(['course', 'registration'])).toBeUndefined();
  });
});
