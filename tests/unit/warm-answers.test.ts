import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WARM_ANSWERS_FILE, bundleIdentity, headQueries, readWarmAnswers } from '../../src/lib/search/warm-answers.ts';

const answer = {
  total: 1,
  limit: 10,
  offset: 0,
  results: [
    {
      title: 'Greek',
      url: '/courses/bib201/',
      type: 'course',
      excerpt: '<mark>Greek</mark>',
      markdownUrl: '/courses/bib201.md',
    },
  ],
};

/** A bundle folder with an entry file (what its identity is taken from) and, optionally, shipped answers. */
function bundle(entry: string, answers?: (dir: string) => unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'warm-answers-'));
  writeFileSync(join(dir, 'pagefind-entry.json'), entry);
  if (answers) writeFileSync(join(dir, WARM_ANSWERS_FILE), JSON.stringify(answers(dir)));
  return dir;
}

describe('shipped search answers', () => {
  it('chooses the words on most pages, ties in word order, alone and with each page type', () => {
    const queries = headQueries(
      {
        pages: 9,
        words: [
          ['zeta', 3],
          ['greek', 5],
          ['alpha', 3],
          ['the', 9],
        ],
      },
      3,
    );
    expect(queries.slice(0, 3)).toEqual([{ q: 'the' }, { q: 'greek' }, { q: 'alpha' }]);
    expect(queries).toHaveLength(15);
    expect(queries.filter((q) => q.type === 'course').map((q) => q.q)).toEqual(['the', 'greek', 'alpha']);
    expect(new Set(queries.map((q) => q.type))).toEqual(new Set([undefined, 'course', 'program', 'handbook', 'page']));
  });

  it('reads the answers computed for this very index', () => {
    const dir = bundle('{"version":"1.6.0","languages":{"en":{"hash":"en_1"}}}', (d) => ({
      bundle: bundleIdentity(d),
      answers: [['\u000010\u00000\u0000greek', answer]],
    }));
    expect(readWarmAnswers(dir)).toEqual([['\u000010\u00000\u0000greek', answer]]);
  });

  it('ignores answers computed for another index, a malformed file, and a bundle without them', () => {
    const stale = bundle('{"languages":{"en":{"hash":"en_2"}}}', () => ({
      bundle: bundleIdentity(bundle('{"languages":{"en":{"hash":"en_1"}}}')),
      answers: [['\u000010\u00000\u0000greek', answer]],
    }));
    expect(readWarmAnswers(stale)).toEqual([]);
    const malformed = bundle('{}', (d) => ({ bundle: bundleIdentity(d), answers: [['key', { total: 'many' }]] }));
    expect(readWarmAnswers(malformed)).toEqual([]);
    expect(readWarmAnswers(bundle('{}'))).toEqual([]);
    expect(readWarmAnswers(join(tmpdir(), 'no-such-bundle'))).toEqual([]);
  });
});
