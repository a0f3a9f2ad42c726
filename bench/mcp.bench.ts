/**
 * The MCP endpoint's own cost: a stateless server and transport per request. The same search as a `search_site`
 * tool call on /mcp and as GET /api/search (the search itself is cached after the warm-up, so the difference is
 * MCP's overhead), and a page as a `get_page` call against the plain twin file.
 */
import { fmt, load, ratio, startProcess } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = (name: string, args: object) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

export async function run() {
  // Limits off: all load comes from one address; this measures MCP's own cost, not the limiter's.
  const ours = await startProcess('server/index.ts', { RATE_LIMIT_DISABLED: '1' }, '/api/health');
  try {
    const api = await load(`${ours.url}/api/search?q=greek&limit=5`, { seconds: SECONDS });
    const tool = await load(`${ours.url}/mcp`, {
      seconds: SECONDS,
      method: 'POST',
      headers: MCP_HEADERS,
      body: call('search_site', { query: 'greek', limit: 5 }),
    });
    const twin = await load(`${ours.url}/courses/bib201.md`, { seconds: SECONDS });
    const page = await load(`${ours.url}/mcp`, {
      seconds: SECONDS,
      method: 'POST',
      headers: MCP_HEADERS,
      body: call('get_page', { path: '/courses/bib201/' }),
    });
    console.log(`\nSearch "greek" (cached), 32 connections, ${SECONDS} s each`);
    console.log(`  GET /api/search              ${fmt(api)}`);
    console.log(
      `  MCP search_site              ${fmt(tool)}   = ${ratio(tool, api, 'MCP search_site', 'GET /api/search')} of the API`,
    );
    console.log('\nA page as Markdown');
    console.log(`  GET /courses/bib201.md       ${fmt(twin)}`);
    console.log(
      `  MCP get_page                 ${fmt(page)}   = ${ratio(page, twin, 'MCP get_page', 'static .md twin')} of the static file`,
    );
  } finally {
    await ours.stop();
  }
}
