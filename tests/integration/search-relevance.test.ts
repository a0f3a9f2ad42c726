import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../helpers/server.ts';

const client = join(process.cwd(), 'dist/client');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_DISABLED: '1' });
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  query: string;
  suggestion?: string;
  total: number;
  results: { url: string; excerpt: string }[];
}
const search = async (q: string): Promise<Answer> => {
  const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return res.json();
};
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

describe('indexed text', () => {
  it('glues no two words together on any page (fact lists, tables): every indexed word is a word of the page', () => {
    const fragments = readdirSync(join(client, 'pagefind/fragment'));
    expect(fragments.length).toBeGreaterThan(50);
    const glued: string[] = [];
    for (const file of fragments) {
      const raw = gunzipSync(readFileSync(join(client, 'pagefind/fragment', file))).toString('utf8');
      const fragment = JSON.parse(raw.slice(raw.indexOf('{'))) as { url: string; content: string };
      const html = readFileSync(join(client, fragment.url, 'index.html'), 'utf8');
      // Every element boundary as a space: the words the page shows, none joined; and the editors' aliases and
      // keywords, which are indexed from attributes (Base.astro).
      const terms = [...html.matchAll(/data-search-(?:aliases|keywords)="([^"]*)"/g)].map((m) => m[1]).join(' ');
      const shown = new Set(words(`${html.replace(/<[^>]*>/g, ' ').replace(/&#?\w+;/g, ' ')} ${terms}`));
      for (const word of new Set(words(fragment.content))) if (!shown.has(word)) glued.push(`${fragment.url}: ${word}`);
    }
    expect(glued).toEqual([]);
  });

  it('leaves out the developers page’s list of operations, whose summaries are visitors’ topics, but not the page', async () => {
    const developers = readdirSync(join(client, 'pagefind/fragment'))
      .map((file) => gunzipSync(readFileSync(join(client, 'pagefind/fragment', file))).toString('utf8'))
      .map((raw) => JSON.parse(raw.slice(raw.indexOf('{'))) as { url: string; content: string })
      .find((f) => f.url === '/developers/')!;
    expect(developers.content).toContain('OpenAPI');
    expect(developers.content).not.toContain('Register a returning student for courses');
    // Before, the developers page came second, above the pages a visitor wants.
    const urls = (await search('When is the next open day and how do I book a place?')).results.map((r) => r.url);
    expect(urls.slice(0, 3)).not.toContain('/developers/');
  });
});

describe('search finds what a visitor means', () => {
  it('answers a question whose words are not all on one page, ignoring its stop words', async () => {
    const answer = await search('how much does it cost');
    expect(answer.results[0]?.url).toBe('/handbook/tuition-and-fees/');
    expect((await search('take a break from studies')).results[0]?.url).toBe('/handbook/leave-of-absence/');
  });

  it('adds the pages holding most of the words when only a few hold them all, so the page a question names comes first', async () => {
    // "happens" is a stop word; "miss" is not on the examinations page, and the few pages with both words are not it.
    expect((await search('what happens if i miss an exam')).results[0]?.url).toBe('/handbook/examinations/');
  });

  it('ranks the first results again by what their pages hold: the page holding every word above the one saying one most', async () => {
    // Before, the graduation requirements (which say "graduating" most) and the code of conduct (on money) came first.
    expect((await search('jobs after graduating')).results[0]?.url).toBe('/handbook/careers-and-placements/');
    expect((await search('christian views on war and money')).results[0]?.url).toBe('/courses/the230/');
  });

  it("ranks them as the chat ranks its pages: by the questions a page answers too, in a visitor's words", async () => {
    // The giving page never says "leaving" or "will" as a visitor does; the refunds page (on money) came first.
    expect((await search('leaving money to the college in my will')).results[0]?.url).toBe('/give/');
    // A course on pastoral care of the sick came first; the examinations page says what to do when ill on the day.
    expect((await search('sick on the day of my final')).results[0]?.url).toBe('/handbook/examinations/');
  });

  it('puts the page a question names whole first, though the page lacks its other words', async () => {
    // The program's page never says "long" nor holds every word of the question; the courses that do are not it.
    expect((await search('how long is the bachelor of theology')).results[0]?.url).toBe(
      '/programs/bachelor-of-theology/',
    );
  });

  it('puts the course reading a book first, then the page naming the passage: "Gen 22"', async () => {
    // The Old Testament survey reads Genesis; the second Hebrew course reads Genesis 22 (before, not in the first ten).
    expect((await search('Gen 22')).results.slice(0, 2).map((r) => r.url)).toEqual([
      '/courses/bib110/',
      '/courses/bib212/',
    ]);
    expect((await search('Jn 3:16')).results[0]?.url).toBe('/courses/bib230/');
  });

  it('reads a kind of page named among other words as that kind: "masters programs"', async () => {
    // Neither master's program page says "program"; before, the programs list came first and neither was found.
    const first = (await search('masters programs')).results.slice(0, 2).map((r) => r.url);
    expect(first.sort()).toEqual(['/programs/master-of-arts-church-history/', '/programs/master-of-divinity/']);
    expect((await search('2nd preaching course')).results[0]?.url).toBe('/courses/min211/');
  });

  it('puts the course a query names by its number in a series first, above the ranking by what pages hold', async () => {
    // The ranking put Biblical Greek II first for "greek 1" ("greek i" after the rewrite).
    expect((await search('greek 1')).results[0]?.url).toBe('/courses/bib201/');
    expect((await search('first greek course')).results[0]?.url).toBe('/courses/bib201/');
    expect((await search('greek two')).results[0]?.url).toBe('/courses/bib202/');
    // With other words besides, which no title holds, the ranking by what pages hold put the other course of the
    // series first, or Pagefind's AND left the course out. The number says which course of the series, not whether
    // it comes before other pages: "skip greek 1 already studied some" is about the placement tests.
    for (const [q, url] of [
      ['hebrew 1 online', '/courses/bib211/'],
      ['biblical hebrew one syllabus', '/courses/bib211/'],
      ['who teaches hebrew 2', '/courses/bib212/'],
      ['greek 1 textbook', '/courses/bib201/'],
      ['New Testament Greek I', '/courses/bib201/'],
      ['skip greek 1 already studied some', '/handbook/language-placement/'],
    ])
      expect((await search(q)).results[0]?.url, q).toBe(url);
    const hebrewOneSummer = (await search('hebrew I summer')).results.map((r) => r.url);
    expect(hebrewOneSummer.indexOf('/courses/bib211/')).toBeGreaterThanOrEqual(0);
    expect(hebrewOneSummer.indexOf('/courses/bib211/')).toBeLessThan(hebrewOneSummer.indexOf('/courses/bib212/'));
  });

  it('puts the course to start from first for a query asking where to start in a subject', async () => {
    // The ranking put Introduction to the Bible first for each: it says "introduction" and speaks of the subjects.
    expect((await search('beginner greek')).results[0]?.url).toBe('/courses/bib201/');
    expect((await search('intro church history')).results[0]?.url).toBe('/courses/his110/');
  });

  it('puts the programs a degree level names first, above the entry requirements', async () => {
    // The ranking put the entry requirements first for both: they speak of every degree.
    expect((await search('masters degree')).results[0]?.url).toMatch(/^\/programs\/master-of-/);
    expect((await search('postgraduate degree')).results.slice(0, 2).map((r) => r.url)).toEqual(
      expect.arrayContaining(['/programs/master-of-divinity/', '/programs/master-of-arts-church-history/']),
    );
  });

  it("puts the fees page above a program whose price is asked: the program's page states none", async () => {
    expect((await search('how much does the mdiv cost')).results[0]?.url).toBe('/handbook/tuition-and-fees/');
    expect((await search('bachelor of theology fees')).results[0]?.url).toBe('/handbook/tuition-and-fees/');
  });

  it('puts the courses of a subject whose facts are asked first: online, on campus, in the summer, a level, credits', async () => {
    // The MA in Church History, the Certificate in Sacred Music and Theological Ethics (hybrid) had come first.
    expect((await search('online church history courses')).results[0]?.url).toMatch(/^\/courses\/his/);
    expect((await search('music courses online')).results[0]?.url).toBe('/courses/mus101/');
    expect((await search('summer online theology')).results[0]?.url).toBe('/courses/the330/');
    expect((await search('on campus summer music course')).results[0]?.url).toBe('/courses/mus310/');
    // The Master of Divinity and Languages for Ministry (2 credits) had come first.
    expect((await search('advanced ministry courses')).results[0]?.url).toMatch(/^\/courses\/min[34]/);
    expect((await search('6 credits')).results[0]?.url).toBe('/courses/min400/');
  });

  it("puts a teacher's courses first when the query names the teacher", async () => {
    // The registration form and the newsletter had come first: near "Okafor" in meaning, and the courses' pages named
    // their teacher only below their lead, where a word is met in passing.
    const okafor = ['/courses/bib101/', '/courses/bib110/', '/courses/bib250/'];
    for (const q of ['Okafor', 'Dr Okafor']) {
      const top3 = (await search(q)).results.slice(0, 3).map((r) => r.url);
      expect(top3.sort()).toEqual(okafor);
    }
  });

  it('reads a subject word and a number as the course code they name', async () => {
    expect((await search('bible 330')).results[0]?.url).toBe('/courses/bib330/');
    expect((await search('theology 230')).results[0]?.url).toBe('/courses/the230/');
  });

  it('reads a title word extending a word asked as that word when its page is near the query in meaning', async () => {
    // "Hymnody" is far from "hymn" as a word, but its page is about hymns; History of Missions is not about missing.
    expect((await search('hymn')).results[0]?.url).toBe('/courses/mus110/');
    expect((await search('what happens if i miss a class')).results[0]?.url).toBe('/handbook/attendance/');
  });

  it('corrects a word the site does not use, and says what it searched (suggestion)', async () => {
    const answer = await search('theolgy');
    expect(answer.suggestion).toBe('theology');
    expect(answer.results.length).toBeGreaterThan(0);
    expect((await search('scholarshp')).results[0]?.url).toBe('/handbook/scholarships-and-bursaries/');
    expect(await search('greek')).not.toHaveProperty('suggestion');
  });

  it('finds a program by its abbreviation (its aliases), with or without dots', async () => {
    expect((await search('MDiv')).results[0]?.url).toBe('/programs/master-of-divinity/');
    expect((await search('M.Div.')).results[0]?.url).toBe('/programs/master-of-divinity/');
    expect((await search('BTh')).results[0]?.url).toBe('/programs/bachelor-of-theology/');
  });

  it("reads the field's terms and higher education's abbreviations as the site's words (field-vocabulary.json)", async () => {
    // Typo correction would read these as "policy" and "rel"; the field vocabulary says what they mean.
    expect((await search('missiology')).results[0]?.url).toBe('/courses/his320/');
    expect((await search('church polity')).results[0]?.url).toBe('/courses/min230/');
    for (const q of ['RPL', 'recognition of prior learning'])
      expect((await search(q)).results[0]?.url).toBe('/handbook/transfer-credit/');
  });

  it('ranks a page first when the query names one of its aliases (front matter), and says the aliases', async () => {
    const accessibility = await search('accessibility statement');
    expect(accessibility.results[0]).toMatchObject({
      url: '/accessibility/',
      aliases: ['accessibility statement', 'a11y'],
    });
    expect((await search('pause my studies')).results[0]?.url).toBe('/handbook/leave-of-absence/');
    expect((await search('a11y')).results[0]?.url).toBe('/accessibility/');
  });

  it('ranks a page whose keyword phrase the query holds above pages that only share its words', async () => {
    expect((await search('help with essay writing')).results[0]?.url).toBe('/handbook/learning-support/');
  });

  it('finds a course by its code with or without the space, in any case, first', async () => {
    for (const q of ['the 101', 'THE101', 'The-101'])
      expect((await search(q)).results[0]?.url).toBe('/courses/the101/');
  });

  it('the search page says "Showing results for" a corrected query', async () => {
    const html = await (await fetch(`${server.url}/search/?q=theolgy`)).text();
    expect(html).toContain('Showing results for “theology”');
  });
});
