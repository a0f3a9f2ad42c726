/**
 * The answers the build ships with the search bundle (src/lib/search/warm-answers.ts): written for the site's own
 * index, in the answer cache of a new server before /readyz says ready, and the answers a worker gives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWarmAnswers } from '../../src/lib/search/warm-answers.ts';
import { startServer, untilReady, useServer } from '../helpers/server.ts';

const BUNDLE = join('dist', 'client', 'pagefind');

/** One sample of a Prometheus counter or histogram line, by name and label text (0 when absent). */
async function sample(url: string, line: RegExp): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = text.split('\n').find((l) => line.test(l));
  return match ? Number(match.split(' ').at(-1)) : 0;
}

describe('shipped search answers', () => {
  const server = useServer({ SEARCH_WORKERS: '1', RATE_LIMIT_DISABLED: '1' });

  it('are written by the build for its own index: the head words, alone and with each type', () => {
    const keys = readWarmAnswers(BUNDLE).map(([key]) => key.split('\u0000'));
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toContainEqual(['', '10', '0', 'course']);
    expect(keys).toContainEqual(['program', '10', '0', 'course']);
  });

  it("answer a new server's first searches from the cache, as a worker would answer them", async () => {
    await untilReady(server.url);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const workerRuns = () => sample(server.url, /^search_worker_cpu_seconds_count/);
    const before = await workerRuns(); // the readiness query, once per worker
    const shipped = await (await fetch(`${server.url}/api/search?q=Courses&type=program`)).json();
    expect(await sample(server.url, /^search_cache_lookups_total\{result="hit"/)).toBe(1);
    expect(await sample(server.url, /^search_cache_lookups_total\{result="miss"/)).toBe(0);
    expect(await workerRuns()).toBe(before);

    const uncached = await startServer({ SEARCH_WORKERS: '1', SEARCH_CACHE_SIZE: '0', RATE_LIMIT_DISABLED: '1' });
    try {
      const computed = await (await fetch(`${uncached.url}/api/search?q=Courses&type=program`)).json();
      expect(computed.total).toBeGreaterThan(0);
      expect(shipped).toEqual(computed);
    } finally {
      await uncached.stop();
    }
  });
});

describe('the most searched queries', () => {
  it('are answered by a new instance of a running site before /readyz says ready', async () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'warm-searched-'));
    const env = { DATA_DIR, SEARCH_WORKERS: '1', RATE_LIMIT_DISABLED: '1' };
    // Yesterday's instance: visitors searched (not head words of the site, so not among the shipped answers).
    const first = await startServer(env);
    for (const q of ['pastoral care', 'Hebrew', 'pastoral care'])
      expect((await fetch(`${first.url}/api/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    await first.stop(); // counts are written at shutdown

    const next = await startServer(env);
    try {
      await untilReady(next.url);
      expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
      const misses = () => sample(next.url, /^search_cache_lookups_total\{result="miss"/);
      const warmed = await misses(); // warming looks the cache up too
      expect(warmed).toBeGreaterThanOrEqual(2 * 5); // two queries, alone and with each of the four types
      for (const query of ['q=pastoral+care', 'q=hebrew&type=course', 'q=Pastoral%20care&type=handbook'])
        expect((await fetch(`${next.url}/api/search?${query}`)).status).toBe(200);
      expect(await misses()).toBe(warmed);
      expect((await fetch(`${next.url}/api/search?q=chaplaincy`)).status).toBe(200); // never searched: a miss
      expect(await misses()).toBe(warmed + 1);
      expect(
        await next.waitForLog((l) => l.msg === 'search: answered the most searched queries before ready'),
      ).toMatchObject({
        searches: 10,
      });
    } finally {
      await next.stop();
    }
  });
});
