/**
 * The catalog API: GET /api/courses with filters (a filter over the catalog, each course with its terms and next
 * start, serialised, hashed for the ETag) and GET /api/events, against GET /api/health on the same server, and a
 * revalidation (If-None-Match → 304). Goal for the filtered listing: ≥ 80% of health.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, ratio, startProcess } from './lib.ts';

export async function run() {
  const ours = await startProcess(
    'server/index.ts',
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-catalog-')) },
    '/api/health',
  );
  try {
    const filtered = '/api/courses?delivery=online&term=2027-spring';
    const etag = (await fetch(ours.url + filtered)).headers.get('etag') ?? '';
    const health = await load(ours.url + '/api/health', { seconds: 5 });
    const courses = await load(ours.url + filtered, { seconds: 5 });
    const revalidated = await load(ours.url + filtered, { seconds: 5, headers: { 'If-None-Match': etag } });
    const events = await load(ours.url + '/api/events', { seconds: 5 });
    console.log('\nThe catalog API against GET /api/health on the same server');
    console.log(`  GET /api/health                  ${fmt(health)}`);
    console.log(
      `  GET ${filtered}  ${fmt(courses)}   = ${ratio(courses, health, 'GET /api/courses (filtered)', '/api/health')} of health (goal ≥ 80%)`,
    );
    console.log(
      `  the same, If-None-Match → 304    ${fmt(revalidated)}   = ${ratio(revalidated, health, 'courses If-None-Match 304', '/api/health')} of health`,
    );
    console.log(
      `  GET /api/events                  ${fmt(events)}   = ${ratio(events, health, 'GET /api/events', '/api/health')} of health`,
    );
  } finally {
    await ours.stop();
  }
}
