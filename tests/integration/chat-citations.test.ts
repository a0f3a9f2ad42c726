/**
 * Every link the chat cites lands somewhere: for every question of eval/chat.json and every follow-up of
 * eval/conversations.json (through the Gemini stand-in), and through MCP ask_site, each source is a page of the
 * build, and its anchor is an id on that page or a text fragment whose text the page shows within one block. The
 * page's text is read here on its own terms (not with the chat's code), as a browser looks for a text fragment: case
 * and runs of whitespace aside, inside one block element.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { useServer } from '../helpers/server.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';
import { ask, readAnswer } from '../helpers/ui-stream.ts';

const questions = (JSON.parse(readFileSync('eval/chat.json', 'utf8')) as { questions: { q: string }[] }).questions;
const conversations = (
  JSON.parse(readFileSync('eval/conversations.json', 'utf8')) as { conversations: { turns: string[] }[] }
).conversations;

const BLOCK =
  /<\/?(?:p|li|ul|ol|dl|dt|dd|td|th|tr|table|caption|figcaption|h[1-6]|div|section|article|main|header|footer|nav|aside|blockquote|pre|summary|details|br)\b[^>]*>/gi;
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(Number(e[1] === 'x' ? `0${e.slice(1)}` : e.slice(1))) : (ENTITY[e] ?? m),
  );
const flat = (s: string) => s.replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

/** Each page's status and HTML, fetched once: thousands of sources cite the same hundred pages. */
const pagesRead = new Map<string, Promise<{ status: number; html: string }>>();
const readPage = (pathname: string) => {
  let page = pagesRead.get(pathname);
  if (!page) {
    page = fetch(`${server.url}${pathname}`, { headers: { Accept: 'text/html' } }).then(async (res) => ({
      status: res.status,
      html: await res.text(),
    }));
    pagesRead.set(pathname, page);
  }
  return page;
};

/** Why a cited URL does not resolve on the running site (a prerendered page or an on-demand one), or undefined when it does. */
async function unresolved(url: string): Promise<string | undefined> {
  const { pathname, hash } = new URL(url);
  const { status, html } = await readPage(pathname);
  if (status !== 200) return `${pathname} answers ${status}`;
  if (hash === '') return undefined;
  if (hash.startsWith('#:~:text=')) {
    // One text directive, without prefix, suffix or range (the chat writes only these): commas would be syntax.
    const directive = hash.slice('#:~:text='.length);
    if (/[,&]/.test(directive)) return `${hash}: more than one text directive`;
    const text = flat(decodeURIComponent(directive));
    const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '');
    const blocks = decode(body.replace(BLOCK, '\n').replace(/<[^>]*>/g, ''))
      .split('\n')
      .map(flat);
    return blocks.some((b) => b.includes(text)) ? undefined : `${pathname}: no block shows "${text}"`;
  }
  const id = decodeURIComponent(hash.slice(1));
  return html.includes(`id="${id}"`) ? undefined : `${pathname}: no element has id "${id}"`;
}

let gemini: StandIn & { baseUrl: string };
beforeAll(async () => {
  gemini = await startGeminiStandIn({ words: ['(stand-in answer)'] });
});
afterAll(async () => {
  await gemini?.close();
});
const server = useServer(() => ({
  RATE_LIMIT_DISABLED: '1',
  GOOGLE_GENERATIVE_AI_API_KEY: 'test-key',
  GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
}));

/** Questions asked at once. */
const AT_ONCE = 4;

/**
 * Asks each question, or conversation of user turns (each earlier one answered by the stand-in), and checks every
 * source: each page cited once, each link resolving. The link, not the question, is reported: the sets' held-out
 * items stay unread while tuning.
 */
async function checkCitations(asked: (string | string[])[]) {
  const problems: string[] = [];
  let cited = 0;
  let anchored = 0;
  const check = async (turns: string | string[]) => {
    const history =
      typeof turns === 'string' ? turns : turns.flatMap((text, i) => (i > 0 ? ['(stand-in answer)', text] : [text]));
    const { sources } = await readAnswer(await ask(server.url, history));
    // Each page once: the calendar of a question about dates is the events page, which retrieval may find too.
    const pages = sources.map((s) => new URL(s.url).pathname);
    if (new Set(pages).size !== pages.length) problems.push(`a page cited twice: ${pages.join(' ')}`);
    for (const { url } of sources) {
      cited++;
      if (new URL(url).hash) anchored++;
      const problem = await unresolved(url);
      if (problem) problems.push(problem);
    }
  };
  // A few at a time, as visitors ask: the sets hold thousands of questions, far under CHAT_MAX_STREAMS at once.
  const queue = [...asked];
  const worker = async () => {
    for (let turns = queue.shift(); turns !== undefined; turns = queue.shift()) await check(turns);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { problems, cited, anchored };
}

// Every question of the sets answered in full (thousands): minutes, far past one test's usual limit.
describe('chat citations land on the passage used', { timeout: 600_000 }, () => {
  it('resolves every source of every question in eval/chat.json, once each, and most of them carry an anchor', async () => {
    const { problems, cited, anchored } = await checkCitations(questions.map((c) => c.q));
    expect(problems).toEqual([]);
    expect(cited).toBeGreaterThan(questions.length);
    // A page is cited because the question's words are on it, so nearly every source has a passage to land on.
    expect(anchored / cited).toBeGreaterThan(0.95);
  });

  it('resolves every source of every follow-up in eval/conversations.json, which land on passages too', async () => {
    const { problems, cited, anchored } = await checkCitations(conversations.map((c) => c.turns));
    expect(problems).toEqual([]);
    expect(cited).toBeGreaterThan(conversations.length);
    // A follow-up's own words are often on no passage ("which one is for beginners?"): the conversation's are.
    expect(anchored / cited).toBeGreaterThan(0.95);
  });

  it('gives MCP ask_site the same anchored sources', async () => {
    const mcp = new Client({ name: 'institute-tests', version: '1.0.0' });
    try {
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
      const result = (await mcp.callTool({
        name: 'ask_site',
        arguments: { question: 'How much is refunded if I drop a course in the summer term?' },
      })) as CallToolResult;
      const { sources } = result.structuredContent as { sources: { url: string }[] };
      expect(sources.length).toBeGreaterThan(0);
      expect(
        sources.map((s) => new URL(s.url).pathname + new URL(s.url).hash),
        JSON.stringify(sources),
      ).toContain('/handbook/refunds/#summer-term');
      for (const { url } of sources) expect(await unresolved(url), url).toBeUndefined();
    } finally {
      await mcp.close();
    }
  });
});
