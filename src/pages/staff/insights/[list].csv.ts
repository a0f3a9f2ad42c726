import type { APIRoute } from 'astro';
import { CSV_LISTS, insightCsv, periodOf, type CsvList } from '../../../lib/insights/report.ts';
import { getStore } from '../../../lib/store/index.ts';

export const prerender = false;

/** One list of /staff/insights as CSV, `?days=7|30|90` (the /staff gate has checked the session). */
export const GET = (async ({ params, url }) => {
  const list = CSV_LISTS.find((l) => l === params.list) as CsvList | undefined;
  if (!list)
    return new Response('No such list.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const days = periodOf(url.searchParams.get('days'));
  const body = await insightCsv(getStore(), list, days);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Disposition': `attachment; filename="insights-${list}-${days}d-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}) satisfies APIRoute;
export const HEAD = GET;
