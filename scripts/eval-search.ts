/**
 * `npm run eval:search`: how well the site search and the chat's retrieval find what visitors mean, measured over
 * the relevance sets in eval/ (search.json: query → pages that answer it; chat.json: question → the page the
 * answer is on). Runs the built server (npm run build first) with the rate limits off and the Gemini stand-in as
 * the model, and asks the real routes: GET /api/search and POST /api/chat (its source-url parts, in order).
 *
 * Prints, for the search: MRR@10, success@1, success@3 and the zero-result rate, per kind of query and in all;
 * for the chat: how often an expected page is the first source, and among the sources. `--verbose` lists misses.
 */
import { readFile } from 'node:fs/promises';
import { startGeminiStandIn } from '../tests/helpers/gemini-stand-in.ts';
import { startServer } from '../tests/helpers/server.ts';
import { ask, readAnswer } from '../tests/helpers/ui-stream.ts';

interface SearchCase { q: string; kind: string; expect: string[] }
interface ChatCase { q: string; expect: string[] }

const verbose = process.argv.includes('--verbose');
const pct = (n: number) => `${(100 * n).toFixed(1)}%`;

const searchSet: SearchCase[] = JSON.parse(await readFile('eval/search.json', 'utf8')).queries;
const chatSet: ChatCase[] = JSON.parse(await readFile('eval/chat.json', 'utf8')).questions;

const gemini = await startGeminiStandIn({ words: ['(stand-in answer)'] });
const server = await startServer({
  LOG_LEVEL: 'info', RATE_LIMIT_DISABLED: '1', GOOGLE_GENERATIVE_AI_API_KEY: 'eval-key', GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
});
try {
  interface Row { kind: string; rank: number; zero: boolean }
  const rows: Row[] = [];
  for (const c of searchSet) {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q: c.q, limit: '10' })}`);
    if (!res.ok) throw new Error(`GET /api/search?q=${c.q}: ${res.status} ${await res.text()}`);
    const body = await res.json() as { total: number; suggestion?: string; results: { url: string }[] };
    const rank = body.results.findIndex((r) => c.expect.includes(r.url)) + 1;
    rows.push({ kind: c.kind, rank, zero: body.results.length === 0 });
    if (verbose && rank !== 1) {
      console.log(`  miss@1 [${c.kind}] ${JSON.stringify(c.q)}${body.suggestion ? ` (→ ${JSON.stringify(body.suggestion)})` : ''}: rank ${rank || '-'}; got ${body.results.slice(0, 3).map((r) => r.url).join(' ') || 'nothing'}`);
    }
  }
  const summary = (subset: Row[]) => {
    const n = subset.length;
    const mrr = subset.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / n;
    const at = (k: number) => subset.filter((r) => r.rank >= 1 && r.rank <= k).length / n;
    return `n=${String(n).padStart(3)}  MRR@10 ${mrr.toFixed(3)}  success@1 ${pct(at(1)).padStart(6)}  success@3 ${pct(at(3)).padStart(6)}  zero-result ${pct(subset.filter((r) => r.zero).length / n).padStart(6)}`;
  };
  console.log(`\nsearch (GET /api/search, eval/search.json)`);
  for (const kind of [...new Set(rows.map((r) => r.kind))]) console.log(`  ${kind.padEnd(13)} ${summary(rows.filter((r) => r.kind === kind))}`);
  console.log(`  ${'all'.padEnd(13)} ${summary(rows)}`);

  let first = 0;
  let among = 0;
  let none = 0;
  for (const c of chatSet) {
    const res = await ask(server.url, c.q);
    if (!res.ok) throw new Error(`POST /api/chat ${JSON.stringify(c.q)}: ${res.status} ${await res.text()}`);
    const sources = (await readAnswer(res)).sources.map((s) => new URL(s.url).pathname);
    if (sources.length === 0) none++;
    if (c.expect.includes(sources[0])) first++;
    if (sources.some((s) => c.expect.includes(s))) among++;
    else if (verbose || !c.expect.includes(sources[0])) {
      if (verbose) console.log(`  chat miss ${JSON.stringify(c.q)}: sources ${sources.join(' ') || 'none'}`);
    }
    if (verbose && c.expect.includes(sources[0]) === false && sources.some((s) => c.expect.includes(s))) {
      console.log(`  chat not first ${JSON.stringify(c.q)}: sources ${sources.join(' ')}`);
    }
  }
  const n = chatSet.length;
  console.log(`\nchat retrieval (POST /api/chat with the Gemini stand-in, eval/chat.json)`);
  console.log(`  n=${n}  answer page first ${pct(first / n)}  among sources ${pct(among / n)}  no sources ${pct(none / n)}`);
} finally {
  await server.stop();
  await gemini.close();
}
