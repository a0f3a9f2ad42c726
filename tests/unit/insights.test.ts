import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normaliseQuery, redact } from '../../src/lib/insights/text.ts';
import { registry } from '../../src/lib/metrics/index.ts';

describe('insight text', () => {
  it('redacts email addresses and phone numbers, keeps course codes and years', () => {
    expect(redact('write to ada.l@example.org or +44 (0)20 7946 0958')).toBe('write to [email] or [phone]');
    expect(redact('call 555-0100-22 about BIB201 in 2027')).toBe('call [phone] about BIB201 in 2027');
    expect(redact('ada @ example.org')).toBe('[email]');
  });

  it('normalises a query: case, spaces, control characters, length', () => {
    expect(normaliseQuery('  Biblical\tGREEK \u0000 ')).toBe('biblical greek');
    expect(normaliseQuery('x'.repeat(500))).toHaveLength(200);
  });
});

describe('recorder', () => {
  let recorder: typeof import('../../src/lib/insights/recorder.ts');
  let store: import('../../src/lib/store/types.ts').SubmissionStore;
  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'insights-'));
    recorder = await import('../../src/lib/insights/recorder.ts');
    store = (await import('../../src/lib/store/index.ts')).getStore();
  });
  afterAll(async () => {
    await (await import('../../src/lib/store/index.ts')).closeStore();
  });

  it('counts searches, clicks, questions and feedback, and writes them at the flush', async () => {
    recorder.recordSearch('Greek', 3);
    recorder.recordSearch('greek ', 3);
    recorder.recordSearch('syriac', 0);
    recorder.recordClick('GREEK', 2);
    recorder.recordQuestion('Do you teach Klingon? mail me at ada@example.org', {
      sourceFound: false,
      declined: 'off-topic',
    });
    recorder.recordQuestion('Who is the principal?', { sourceFound: false, declined: 'not-covered' });
    recorder.recordFeedback('down', 'When does term start?', 'Wrong, call me on 07700 900123');
    expect(await store.insightList('top', '2000-01-01', 10)).toEqual([]);
    await recorder.flushInsights();
    expect(await store.insightList('top', '2000-01-01', 10)).toEqual([
      { text: 'greek', asked: 2, noResults: 0, declined: 0, clicks: 1, clickRankSum: 2 },
      { text: 'syriac', asked: 1, noResults: 1, declined: 0, clicks: 0, clickRankSum: 0 },
    ]);
    // Both declines are unanswered questions to the editors; the metric tells who declined.
    expect(await store.insightList('unanswered', '2000-01-01', 10)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'Do you teach Klingon? mail me at [email]', declined: 1 }),
        expect.objectContaining({ text: 'Who is the principal?', declined: 1 }),
      ]),
    );
    expect((await store.thumbsDown('2000-01-01', 10))[0]).toMatchObject({
      question: 'When does term start?',
      comment: 'Wrong, call me on [phone]',
    });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/search_queries_total\{results="none"\} 1/);
    expect(metrics).toMatch(/chat_questions_total\{outcome="declined"\} 1/);
    expect(metrics).toMatch(/chat_questions_total\{outcome="not_covered"\} 1/);
    expect(metrics).toMatch(/chat_feedback_total\{rating="down"\} 1/);
  });

  it('keeps the counts when the store is down, and writes them at the next flush', async () => {
    const failing = vi.spyOn(store, 'recordInsights').mockRejectedValueOnce(new Error('database is down'));
    recorder.recordSearch('aramaic', 2);
    await expect(recorder.flushInsights()).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
    recorder.recordSearch('aramaic', 2);
    await recorder.flushInsights();
    failing.mockRestore();
    expect((await store.insightList('top', '2000-01-01', 10)).find((q) => q.text === 'aramaic')?.asked).toBe(2);
  });

  it('leaves at most the daily cap stored after 20,000 unique queries, the rest counted as other', async () => {
    for (let i = 0; i < 20_000; i++) recorder.recordSearch(`unique query ${i}`, 1);
    await recorder.flushInsights();
    for (let i = 0; i < 100; i++) recorder.recordSearch(`later query ${i}`, 1);
    await recorder.flushInsights();
    const stored = await store.insightList('top', '2000-01-01', 100_000);
    expect(stored.length).toBeLessThanOrEqual(recorder.DAILY_QUERY_CAP);
    const searches = (await store.insightDays('2000-01-01')).queries
      .filter((d) => d.kind === 'search')
      .reduce((n, d) => n + d.asked, 0);
    expect(searches).toBe(3 + 2 + 20_000 + 100); // nothing lost: the rest is counted as other
  });
});
