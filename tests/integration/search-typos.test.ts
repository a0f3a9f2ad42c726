import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VocabularyFile } from '../../src/lib/search/vocabulary.ts';
import { useServer } from '../helpers/server.ts';

const server = useServer({ RATE_LIMIT_DISABLED: '1' });
const search = async (q: string) => {
  const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { suggestion?: string; results: { url: string }[] };
};

describe('typos against the built vocabulary', () => {
  it('the build writes each word’s sound keys next to it', () => {
    const file = JSON.parse(
      readFileSync(join(process.cwd(), 'dist/client/pagefind/vocabulary.json'), 'utf8'),
    ) as VocabularyFile;
    expect(file.sounds).toHaveLength(file.words.length);
    expect(file.sounds![file.words.findIndex(([w]) => w === 'counselling')]).toBe('KNSLNK');
  });

  it('a long word spelt as it sounds, three slips away, finds its page', async () => {
    const answer = await search('chaplensy');
    expect(answer.suggestion).toBe('chaplaincy');
    expect(answer.results[0]?.url).toBe('/courses/min320/');
  });

  it('two swapped letters are one slip', async () => {
    expect((await search('theolgoy')).suggestion).toBe('theology');
  });

  it('a word of the institute’s name finds its courses before the home page', async () => {
    const urls = (await search('theology')).results.map((r) => r.url);
    expect(urls.indexOf('/courses/the101/')).toBeGreaterThanOrEqual(0);
    expect(urls.indexOf('/courses/the101/')).toBeLessThan(urls.indexOf('/'));
  });
});
