/**
 * The answers the build ships with the search bundle (src/lib/search/warm-answers.ts): written for the site's own
 * index, in the answer cache of a new server before /readyz says ready, and the answers a worker gives.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWarmAnswers } from '../../src/lib/search/warm-answers.ts';
import { startServer, useServer } from '../helpers/server.ts';

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
