import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { osaDistance } from '../../src/lib/search/edit-distance.ts';
import { rewriteQuery, words } from '../../src/lib/search/query-rewrite.ts';
import { soundEdits, Vocabulary, wordSounds } from '../../src/lib/search/vocabulary.ts';

/**
 * The site's words as its content files hold them (pages: the files holding each), a stand-in for the built
 * vocabulary with the same neighbours for a misspelling to be confused with. A page's `questions` are visitors' words,
 * typos and all, and on no page: the build indexes none of them.
 */
const withoutQuestions = (text: string) => text.replace(/^questions:\n(?: {2}- .*\n)*/m, '');

function contentWords(): { pages: number; words: [string, number][] } {
  const files = readdirSync('src/content', { recursive: true, withFileTypes: true }).filter(
    (f) => f.isFile() && /\.mdx?$/.test(f.name),
  );
  const pages = new Map<string, number>();
  for (const file of files)
    for (const word of new Set(words(withoutQuestions(readFileSync(join(file.parentPath, file.name), 'utf8')))))
      if (/^[\p{L}\p{N}]+$/u.test(word)) pages.set(word, (pages.get(word) ?? 0) + 1);
  return { pages: files.length, words: [...pages] };
}
const content = contentWords();
const site = new Vocabulary(content);

/** What visitors type for words the site uses, by the commonest ways English spelling goes wrong. */
const MISSPELLINGS: Record<string, [typed: string, meant: string][]> = {
  'a doubled letter dropped or added': [
    ['assesment', 'assessment'],
    ['accomodation', 'accommodation'],
    ['schollarships', 'scholarships'],
    ['semminar', 'seminar'],
    ['refference', 'reference'],
    ['eclesiastical', 'ecclesiastical'],
    ['disertation', 'dissertation'],
    ['reccomend', 'recommend'],
    ['untill', 'until'],
    ['ressurection', 'resurrection'],
    ['phillipians', 'philippians'],
    ['thesalonians', 'thessalonians'],
  ],
  '-ance and -ence, -ant and -ent': [
    ['attendence', 'attendance'],
    ['independance', 'independence'],
    ['experiance', 'experience'],
    ['referance', 'reference'],
    ['relevent', 'relevant'],
    ['inteligence', 'intelligence'],
  ],
  'ie and ei, and other swapped letters': [
    ['recieve', 'receive'],
    ['beleive', 'believe'],
    ['foriegn', 'foreign'],
    ['reciept', 'receipt'],
    ['theolgoy', 'theology'],
    ['pslams', 'psalms'],
    ['aramiac', 'aramaic'],
    ['safegaurding', 'safeguarding'],
    ['corinthains', 'corinthians'],
    ['chirstology', 'christology'],
  ],
  'a vowel dropped or changed': [
    ['theolgy', 'theology'],
    ['requirments', 'requirements'],
    ['registraton', 'registration'],
    ['tuiton', 'tuition'],
    ['divinty', 'divinity'],
    ['testiment', 'testament'],
    ['grammer', 'grammar'],
    ['calender', 'calendar'],
    ['seperate', 'separate'],
    ['litergy', 'liturgy'],
    ['exegisis', 'exegesis'],
    ['privicy', 'privacy'],
    ['pentacost', 'pentecost'],
    ['revalation', 'revelation'],
    ['orthadox', 'orthodox'],
    ['medeival', 'medieval'],
  ],
  'a letter dropped': [
    ['libary', 'library'],
    ['welbeing', 'wellbeing'],
    ['chaplancy', 'chaplaincy'],
    ['scripure', 'scripture'],
    ['admisions', 'admissions'],
    ['internatonal', 'international'],
    ['enviroment', 'environment'],
    ['begining', 'beginning'],
    ['knowlege', 'knowledge'],
    ['rythm', 'rhythm'],
  ],
  'spelt as it sounds': [
    ['counciling', 'counselling'],
    ['counceling', 'counselling'],
    ['chaplensy', 'chaplaincy'],
    ['profets', 'prophets'],
    ['profecy', 'prophecy'],
    ['himnody', 'hymnody'],
    ['filosophy', 'philosophy'],
    ['nowledge', 'knowledge'],
    ['sertificate', 'certificate'],
    ['katholic', 'catholic'],
    ['kristian', 'christian'],
    ['riting', 'writing'],
  ],
};

describe('optimal string alignment distance', () => {
  it('counts an insertion, a deletion, a substitution and a swap of neighbours as one edit each', () => {
    expect(osaDistance('theology', 'theology')).toBe(0);
    expect(osaDistance('theolgy', 'theology')).toBe(1);
    expect(osaDistance('theologyy', 'theology')).toBe(1);
    expect(osaDistance('theolagy', 'theology')).toBe(1);
    expect(osaDistance('recieve', 'receive')).toBe(1);
    expect(osaDistance('theolgoy', 'theology')).toBe(1);
    expect(osaDistance('', 'abc')).toBe(3);
    expect(osaDistance('counciling', 'counselling')).toBe(3);
  });
  it('edits each substring once (not full Damerau–Levenshtein): "ca" to "abc" is 3', () => {
    expect(osaDistance('ca', 'abc')).toBe(3);
  });
  it('is symmetric', () => {
    for (const [a, b] of [
      ['recieve', 'receive'],
      ['counciling', 'counselling'],
      ['grk', 'greek'],
    ])
      expect(osaDistance(a, b)).toBe(osaDistance(b, a));
  });
  it('stops at max + 1 when the words are further apart, and is exact within it', () => {
    expect(osaDistance('theology', 'biology', 1)).toBe(2);
    expect(osaDistance('counselling', 'anthropology', 2)).toBe(3);
    expect(osaDistance('abcdefgh', 'a', 3)).toBe(4);
    for (const [a, b] of [
      ['chirstology', 'christology'],
      ['counciling', 'counselling'],
      ['exegsis', 'exegesis'],
    ]) {
      const exact = osaDistance(a, b);
      expect(osaDistance(a, b, exact)).toBe(exact);
      expect(osaDistance(a, b, exact - 1)).toBe(exact);
    }
  });
});

describe('typo correction against the site’s words', () => {
  for (const [pattern, pairs] of Object.entries(MISSPELLINGS))
    it(`corrects misspellings: ${pattern}`, () => {
      for (const [typed, meant] of pairs) {
        expect(site.has(meant), `${meant} is a word of the site`).toBe(true);
        expect(site.has(typed), `${typed} is not`).toBe(false);
        expect(rewriteQuery(typed, site).words, typed).toEqual([meant]);
      }
    });

  it('never corrects a word the site uses, nor the start of one', () => {
    expect(content.words.length).toBeGreaterThan(1000);
    for (const [word] of content.words) expect(rewriteQuery(word, site).suggestion, word).toBeUndefined();
    for (const word of ['theolog', 'counsel', 'scholarsh', 'accommod', 'eccles'])
      expect(rewriteQuery(word, site).suggestion, word).toBeUndefined();
  });

  it('keeps the first letter: a short word is not made into another by dropping or changing it', () => {
    const other = new Vocabulary({
      pages: 20,
      words: [
        ['read', 9],
        ['found', 4],
        ['god', 6],
        ['made', 5],
        ['lectures', 3],
        ['changed', 2],
        ['some', 8],
        ['than', 7],
      ],
    });
    for (const word of ['bread', 'pound', 'rod', 'wade', 'hectares', 'exchanged', 'dome', 'khan'])
      expect(other.correct(word), word).toBeUndefined();
    expect(other.correct('raed')).toBe('read');
  });

  it('corrects by sound only a word of 6 letters or more, and within a third of its letters', () => {
    const other = new Vocabulary({
      pages: 20,
      words: [
        ['psalms', 2],
        ['counselling', 3],
      ],
    });
    expect(other.correct('salms')).toBeUndefined(); // 5 letters: same sound, other first letter
    expect(other.correct('counciling')).toBe('counselling'); // three slips in ten letters
    expect(other.correct('kaunsiling')).toBeUndefined(); // four
    expect(soundEdits('counciling', 'counselling', 'KNSLNK')).toBe(3);
  });

  it('takes a short sound key as no more than an excuse for the first letter', () => {
    // "ladder" and "later" share LTR (as do seven other common words of that length, on average): two slips apart,
    // they are two words. "nowledge" and "knowledge" share NLJ one slip apart, the slip its silent first letter.
    const other = new Vocabulary({
      pages: 20,
      words: [
        ['later', 5],
        ['bible', 9],
        ['written', 6],
        ['knowledge', 2],
      ],
    });
    for (const word of ['ladder', 'bubble', 'rotten']) expect(other.correct(word), word).toBeUndefined();
    expect(other.correct('nowledge')).toBe('knowledge');
  });

  it('excuses a changed first letter or more slips by sound, not both', () => {
    // "gaming" and "coming" share KMNK, but are two slips apart, one of them the first letter.
    const other = new Vocabulary({
      pages: 20,
      words: [
        ['coming', 5],
        ['christian', 4],
      ],
    });
    expect(other.correct('gaming')).toBeUndefined();
    expect(other.correct('kristian')).toBe('christian'); // two slips, as many as eight letters may hold
  });

  it('prefers the nearer of two sound-alikes, then the word on more pages', () => {
    const other = new Vocabulary({
      pages: 20,
      words: [
        ['counselling', 9],
        ['counseling', 1],
      ],
    });
    expect(other.correct('counciling')).toBe('counseling'); // two slips, not three
    const equal = new Vocabulary({
      pages: 20,
      words: [
        ['counselling', 2],
        ['consoling', 9],
      ],
    });
    expect(equal.correct('counciling')).toBe('consoling'); // three slips each
  });
});

describe('typo correction against the synonyms’ words', () => {
  it('corrects a slip of a word no page uses but a synonym reads, and reads it as the synonym does', () => {
    for (const [typed, meant] of [
      ['hmiletics', 'homiletics'],
      ['missoology', 'missiology'],
      ['postgraaduate', 'postgraduate'],
    ]) {
      expect(site.has(meant), `${meant} is on no page`).toBe(false);
      expect(rewriteQuery(typed, site), typed).toEqual({ ...rewriteQuery(meant, site), suggestion: meant });
    }
    expect(rewriteQuery('hmiletics class', site)).toMatchObject({ words: ['preaching', 'class'] });
  });
  it('corrects before course codes are joined: "bble 330" is BIB330', () => {
    expect(rewriteQuery('bble 330', site)).toMatchObject({ codes: ['bib330'], suggestion: 'bible 330' });
  });
  it('keeps a site word nearer than a synonym’s, searched as the pages say it', () => {
    expect(rewriteQuery('pslams', site).words).toEqual(['psalms']);
  });
});

describe('sound keys in the vocabulary file', () => {
  const words: [string, number][] = [
    ['counselling', 3],
    ['bib201', 2],
  ];
  it('are one entry per word, none for a word not all letters', () => {
    expect(words.map(([w]) => wordSounds(w))).toEqual([['KNSLNK'], []]);
  });
  it('are read from the file when the build wrote them, and computed when it did not', () => {
    expect(new Vocabulary({ pages: 5, words }).correct('counciling')).toBe('counselling');
    const written = { pages: 5, words, sounds: words.map(([w]) => wordSounds(w).join(' ')) };
    expect(new Vocabulary(written).correct('counciling')).toBe('counselling');
    // Keys the file says it has none of are not recomputed.
    expect(new Vocabulary({ ...written, sounds: ['', ''] }).correct('counciling')).toBeUndefined();
  });
});
