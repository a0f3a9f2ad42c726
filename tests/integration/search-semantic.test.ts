import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';
import { ask, readAnswer } from '../helpers/ui-stream.ts';

/** A word visitors use that no page of the site does; the complaints page says "complaint". */
const VISITOR_WORD = 'grievance';
const PAGE = '/handbook/complaints-and-appeals/';
const bundle = join(process.cwd(), 'dist/client/pagefind');

let server: RunningServer;
let gemini: StandIn & { baseUrl: string };
beforeAll(async () => {
  gemini = await startGeminiStandIn({ words: ['(answer)'] });
  server = await startServer({
    RATE_LIMIT_DISABLED: '1',
    GOOGLE_GENERATIVE_AI_API_KEY: 'test-key',
    GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
  });
});
afterAll(async () => {
  await server?.stop();
  await gemini?.close();
});

describe('a word no page uses finds the page that uses a near synonym (word vectors, built with the site)', () => {
  it('has the premise: the build wrote the word vectors, and no indexed word starts like the visitor word', () => {
    expect(existsSync(join(bundle, 'word-vectors.json'))).toBe(true);
    const words = (JSON.parse(readFileSync(join(bundle, 'vocabulary.json'), 'utf8')) as { words: [string][] }).words;
    expect(words.filter(([w]) => w.startsWith(VISITOR_WORD.slice(0, 5)))).toEqual([]);
  });

  it('GET /api/search ranks the page first, without "correcting" the word as a typo', async () => {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q: VISITOR_WORD })}`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { suggestion?: string; results: { url: string }[] };
    expect(answer.results[0]?.url).toBe(PAGE);
    expect(answer).not.toHaveProperty('suggestion');
  });

  it('the chat, retrieving through the same search, cites the page first', async () => {
    // Its relevance floor weighs a word no page uses as off topic unless the question's other words meet on a page
    // it retrieves (src/lib/chat/relevance.ts), so the question has words of the site that the page holds.
    const res = await ask(server.url, `What is the formal ${VISITOR_WORD} procedure?`);
    expect(res.status).toBe(200);
    const { sources } = await readAnswer(res);
    expect(new URL(sources[0].url).pathname).toBe(PAGE);
  });
});

describe('a query by meaning reaches its page when its words find little (page vectors, built with the site)', () => {
  /** No page says "hiring" ("hire" and "hired" are on pages about other things); the careers page is about it. */
  const MEANT = { q: 'hiring', page: '/handbook/careers-and-placements/' };

  it('has the premise: the build wrote the page vectors, and no page holds the word', () => {
    expect(existsSync(join(bundle, 'page-vectors.json'))).toBe(true);
    const words = (JSON.parse(readFileSync(join(bundle, 'vocabulary.json'), 'utf8')) as { words: [string][] }).words;
    expect(words.filter(([w]) => w.startsWith(MEANT.q))).toEqual([]);
  });

  it('GET /api/search ranks the page first, a full result with its opening words as the excerpt', async () => {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q: MEANT.q })}`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      results: { url: string; type: string; excerpt: string; markdownUrl: string }[];
    };
    expect(answer.results[0]).toMatchObject({ url: MEANT.page, type: 'handbook', markdownUrl: expect.any(String) });
    expect(answer.results[0].excerpt.length).toBeGreaterThan(20);
  });

  it('keeps to a type filter', async () => {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q: MEANT.q, type: 'course' })}`);
    const answer = (await res.json()) as { results: { type: string }[] };
    expect(answer.results.every((r) => r.type === 'course')).toBe(true);
  });
});
