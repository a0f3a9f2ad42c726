/**
 * `npm run eval:search`: how well the site search and the chat's retrieval find what visitors mean, measured over
 * the relevance sets in eval/ (search.json: query → pages that answer it; chat.json: question → the page the
 * answer is on). Runs the built server (npm run build first) with the rate limits off and the Gemini stand-in as
 * the model, and asks the real routes: GET /api/search and POST /api/chat (its source-url parts, in order).
 *
 * Prints, for the search: MRR@10, success@1, success@3 and the zero-result rate, per kind of query and in all;
 * for the chat: how often an expected page is the first source, and among the sources, and the share of sources
 * linking to a passage (a heading anchor or a text fragment); for off-topic questions (offtopic.json), how often the
 * chat cites nothing and calls no model; for two-turn conversations (conversations.json), how often the follow-up's
 * first source is its page, and the share of its sources linking to a passage. Each set is reported as its tuning
 * part and its held-out part. `--verbose` lists the tuning part's misses (never the held-out part's). `--dir
 * <folder>` reads the four files from another folder (a new batch measured before it joins eval/; a file it lacks is
 * an empty set).
 */
import { readFile } from 'node:fs/promises';
import { startGeminiStandIn } from '../tests/helpers/gemini-stand-in.ts';
import { startServer } from '../tests/helpers/server.ts';
import { ask, readAnswer } from '../tests/helpers/ui-stream.ts';

interface SearchCase {
  q: string;
  kind: string;
  expect: string[];
  heldout?: boolean;
}
interface ChatCase {
  q: string;
  expect: string[];
  heldout?: boolean;
}
interface OffTopicCase {
  q: string;
  heldout?: boolean;
}
interface Conversation {
  turns: string[];
  expect: string[];
  heldout?: boolean;
}

const verbose = process.argv.includes('--verbose');
const dirAt = process.argv.indexOf('--dir');
const dir = dirAt > 0 ? process.argv[dirAt + 1] : 'eval';
const pct = (n: number) => `${(100 * n).toFixed(1)}%`;
/** A share with its count, so that two runs can be compared question by question, not only to a tenth of a point. */
const share = (count: number, n: number) => `${pct(count / n)} (${count})`;
const read = async (file: string) =>
  JSON.parse(await readFile(`${dir}/${file}`, 'utf8').catch(() => '{}')) as Record<string, never[] | undefined>;

const searchSet: SearchCase[] = (await read('search.json')).queries ?? [];
const chatSet: ChatCase[] = (await read('chat.json')).questions ?? [];
const offTopicSet: OffTopicCase[] = (await read('offtopic.json')).questions ?? [];
const conversationSet: Conversation[] = (await read('conversations.json')).conversations ?? [];
/** Every set is reported as its tuning part and its held-out part (never looked at while tuning), then in all. */
const PARTS = [
  ['tuning', false],
  ['held-out', true],
] as const;
/** Each part that has rows, with its name (a set from --dir may be all held out), then all of them. */
const partsOf = <T extends { heldout?: boolean }>(rows: T[]) =>
  [
    ...PARTS.map(([part, heldout]) => [part, rows.filter((r) => !!r.heldout === heldout)] as const),
    ['all', rows] as const,
  ].filter(([, subset]) => subset.length > 0);

const gemini = await startGeminiStandIn({ words: ['(stand-in answer)'] });
const server = await startServer({
  LOG_LEVEL: 'info',
  RATE_LIMIT_DISABLED: '1',
  GOOGLE_GENERATIVE_AI_API_KEY: 'eval-key',
  GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
});
// An expected page the built site does not serve (a draft, a page moved since) is a wrong label, not a miss.
const expected = new Set([...searchSet, ...chatSet, ...conversationSet].flatMap((c) => c.expect));
const unserved = (
  await Promise.all(
    [...expected].map(async (url) => ((await fetch(`${server.url}${url}`, { redirect: 'manual' })).ok ? [] : [url])),
  )
).flat();
if (unserved.length > 0) {
  await server.stop();
  await gemini.close();
  throw new Error(`expected pages the built site does not serve: ${unserved.join(' ')}`);
}
/** The chat's sources (paths, in order) for a conversation of user turns, and whether the model was called. */
async function chatSources(turns: string[]): Promise<{ sources: string[]; anchored: number; modelCalled: boolean }> {
  const before = gemini.requests.length;
  // Each earlier question answered by the stand-in's words.
  const res = await ask(
    server.url,
    turns.flatMap((text, i) => (i > 0 ? ['(stand-in answer)', text] : [text])),
  );
  if (!res.ok) throw new Error(`POST /api/chat ${JSON.stringify(turns)}: ${res.status} ${await res.text()}`);
  const urls = (await readAnswer(res)).sources.map((s) => new URL(s.url));
  return {
    sources: urls.map((u) => u.pathname),
    anchored: urls.filter((u) => u.hash !== '').length,
    modelCalled: gemini.requests.length > before,
  };
}
try {
  interface Row {
    kind: string;
    rank: number;
    zero: boolean;
    heldout?: boolean;
  }
  const rows: Row[] = [];
  for (const c of searchSet) {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams({ q: c.q, limit: '10' })}`);
    if (!res.ok) throw new Error(`GET /api/search?q=${c.q}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { total: number; suggestion?: string; results: { url: string }[] };
    const rank = body.results.findIndex((r) => c.expect.includes(r.url)) + 1;
    rows.push({ kind: c.kind, rank, zero: body.results.length === 0, heldout: c.heldout });
    if (verbose && rank !== 1 && !c.heldout) {
      console.log(
        `  miss@1 [${c.kind}] ${JSON.stringify(c.q)}${body.suggestion ? ` (→ ${JSON.stringify(body.suggestion)})` : ''}: rank ${rank || '-'}; got ${
          body.results
            .slice(0, 3)
            .map((r) => r.url)
            .join(' ') || 'nothing'
        }`,
      );
    }
  }
  const summary = (subset: Row[]) => {
    const n = subset.length;
    const mrr = subset.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / n;
    const at = (k: number) => subset.filter((r) => r.rank >= 1 && r.rank <= k).length / n;
    return `n=${String(n).padStart(3)}  MRR@10 ${mrr.toFixed(3)}  success@1 ${pct(at(1)).padStart(6)}  success@3 ${pct(at(3)).padStart(6)}  zero-result ${pct(subset.filter((r) => r.zero).length / n).padStart(6)}`;
  };
  console.log(`\nsearch (GET /api/search, eval/search.json)`);
  for (const [part, subset] of partsOf(rows)) {
    // Per kind within each part; the whole set in one line.
    if (part !== 'all')
      for (const kind of [...new Set(subset.map((r) => r.kind))])
        console.log(`  ${part.padEnd(9)} ${kind.padEnd(13)} ${summary(subset.filter((r) => r.kind === kind))}`);
    console.log(`  ${part.padEnd(9)} ${'all'.padEnd(13)} ${summary(subset)}`);
  }

  console.log(`\nchat retrieval (POST /api/chat with the Gemini stand-in, eval/chat.json)`);
  const chatRows: {
    first: boolean;
    among: boolean;
    none: boolean;
    cited: number;
    anchored: number;
    heldout?: boolean;
  }[] = [];
  for (const c of chatSet) {
    const { sources, anchored } = await chatSources([c.q]);
    const row = {
      first: c.expect.includes(sources[0]),
      among: sources.some((s) => c.expect.includes(s)),
      none: sources.length === 0,
      cited: sources.length,
      anchored,
      heldout: c.heldout,
    };
    chatRows.push(row);
    if (verbose && !row.first && !c.heldout)
      console.log(`  chat miss@1 ${JSON.stringify(c.q)}: sources ${sources.join(' ') || 'none'}`);
  }
  const chatSummary = (subset: typeof chatRows) => {
    const n = subset.length;
    const cited = subset.reduce((k, r) => k + r.cited, 0);
    const anchored = subset.reduce((k, r) => k + r.anchored, 0);
    return `n=${String(n).padStart(3)}  answer page first ${share(subset.filter((r) => r.first).length, n)}  among sources ${pct(subset.filter((r) => r.among).length / n)}  no sources ${share(subset.filter((r) => r.none).length, n)}  sources with an anchor ${pct(cited ? anchored / cited : 0)}  sources per answer ${(cited / n).toFixed(2)}`;
  };
  for (const [part, subset] of partsOf(chatRows)) console.log(`  ${part.padEnd(9)} ${chatSummary(subset)}`);

  console.log(`\noff-topic questions (POST /api/chat, eval/offtopic.json): no sources, no model call`);
  const offRows: { none: boolean; noModel: boolean; heldout?: boolean }[] = [];
  for (const c of offTopicSet) {
    const { sources, modelCalled } = await chatSources([c.q]);
    offRows.push({ none: sources.length === 0, noModel: !modelCalled, heldout: c.heldout });
    if (verbose && sources.length > 0 && !c.heldout)
      console.log(`  off-topic with sources ${JSON.stringify(c.q)}: ${sources.join(' ')}`);
  }
  const offSummary = (subset: typeof offRows) => {
    const n = subset.length;
    return `n=${String(n).padStart(3)}  no sources ${share(subset.filter((r) => r.none).length, n)}  model not called ${pct(subset.filter((r) => r.noModel).length / n)}`;
  };
  for (const [part, subset] of partsOf(offRows)) console.log(`  ${part.padEnd(9)} ${offSummary(subset)}`);

  console.log(
    `\nfollow-ups (POST /api/chat with two user turns, eval/conversations.json): the follow-up finds its page`,
  );
  const convRows: { first: boolean; among: boolean; cited: number; anchored: number; heldout?: boolean }[] = [];
  for (const c of conversationSet) {
    const { sources, anchored } = await chatSources(c.turns);
    convRows.push({
      first: c.expect.includes(sources[0]),
      among: sources.some((s) => c.expect.includes(s)),
      cited: sources.length,
      anchored,
      heldout: c.heldout,
    });
    if (verbose && !c.expect.includes(sources[0]) && !c.heldout)
      console.log(`  follow-up miss ${JSON.stringify(c.turns)}: sources ${sources.join(' ') || 'none'}`);
  }
  const convSummary = (subset: typeof convRows) => {
    const n = subset.length;
    const cited = subset.reduce((k, r) => k + r.cited, 0);
    const anchored = subset.reduce((k, r) => k + r.anchored, 0);
    return `n=${String(n).padStart(3)}  page first ${share(subset.filter((r) => r.first).length, n)}  among sources ${pct(subset.filter((r) => r.among).length / n)}  sources with an anchor ${pct(cited ? anchored / cited : 0)}`;
  };
  for (const [part, subset] of partsOf(convRows)) console.log(`  ${part.padEnd(9)} ${convSummary(subset)}`);
} finally {
  await server.stop();
  await gemini.close();
}
