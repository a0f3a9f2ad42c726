/**
 * The site's MCP server: tools over the same capabilities as the HTTP API (/developers lists them, and
 * tests/unit/facts.test.ts keeps that list in step). A fresh server per request (stateless Streamable HTTP), so
 * nothing here keeps state between calls.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { askSiteInput, askSiteOutput, getPageInput, searchSiteInput } from '../../schemas/discovery.ts';
import { searchResponseSchema, type SearchQueryInput, type SearchResponse } from '../../schemas/search.ts';
import {
  coursesResponseSchema,
  eventsResponseSchema,
  findCoursesInput,
  upcomingEventsInput,
} from '../../schemas/catalog-api.ts';
import { findCoursesAnswer, eventsAnswer } from '../catalog/api.ts';
import type { Catalog } from '../catalog/catalog.ts';
import type { z } from 'zod';
import { API_VERSION } from '../api/routes.ts';
import { ApiError } from '../http/api-error.ts';
import { log } from '../log.ts';
import { SITE_NAME } from '../site.ts';
import { isLivePath } from '../site/live-pages.ts';

export const MCP_SERVER_INFO = { name: 'northgate-institute', title: `${SITE_NAME}`, version: API_VERSION };
export const MCP_INSTRUCTIONS =
  `Tools for the public website of the ${SITE_NAME}: search its pages, read any public page as Markdown, ` +
  'find courses by department, level, delivery, term, open registration, credits or words, list the events still to come, ' +
  'or ask a question answered from the pages with sources. Everything here is public; no credentials.';

export interface McpDependencies {
  search(input: SearchQueryInput): Promise<SearchResponse>;
  readPage(path: string): Promise<{ url: string; markdown: string } | undefined>;
  /** Resolves with the answer, or with `{ error }` when the chat cannot answer (no model configured, provider down). */
  ask(question: string): Promise<z.infer<typeof askSiteOutput> | { error: string }>;
  /** The course catalog and calendar (src/lib/catalog), and the instant "upcoming" is decided at. */
  catalog(): Promise<Catalog>;
  now(): Date;
}

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * A tool whose unexpected failure is a generic tool error (an ApiError, meant for the caller, keeps its message). Left to the SDK, the thrown message would go to the
 * caller, and ours carry file paths and worker stack traces; the detail belongs in the log.
 */
function failSafe<A extends unknown[]>(tool: string, handler: (...args: A) => Promise<CallToolResult>) {
  return async (...args: A): Promise<CallToolResult> => {
    try {
      return await handler(...args);
    } catch (err) {
      // Over the search limit, or the search busy: the client can act on the message (no status codes in MCP).
      if (err instanceof ApiError) return toolError([err.message, err.resolution].filter(Boolean).join(' '));
      log.error({ err, tool }, `mcp: ${tool} failed`);
      return toolError(`${tool} failed on our side. Try again later.`);
    }
  };
}

/**
 * The tools that answer from the site alone, with their input schemas: the SDK server registers them, and
 * direct.ts calls them without building a server (the common calls, at the speed of the API).
 */
export const simpleTools = {
  search_site: {
    input: searchSiteInput,
    call: failSafe(
      'search_site',
      async (deps: McpDependencies, { query, type, limit }: z.infer<typeof searchSiteInput>) => {
        const answer = await deps.search({ q: query, type, limit });
        return { structuredContent: answer, content: [{ type: 'text', text: JSON.stringify(answer) }] };
      },
    ),
  },
  get_page: {
    input: getPageInput,
    call: failSafe('get_page', async (deps: McpDependencies, { path }: z.infer<typeof getPageInput>) => {
      // The events archive changes with the date and is made per request; the tool answers from the data instead.
      if (isLivePath(path))
        return toolError(
          `${path} lists what is on today and is made per request: call upcoming_events, or GET /events.md.`,
        );
      const page = await deps.readPage(path);
      if (!page)
        return toolError(
          `No public page at ${JSON.stringify(path)}. Give a site path such as "/courses/bib201/"; search_site finds pages.`,
        );
      return { content: [{ type: 'text', text: page.markdown }] };
    }),
  },
};

/**
 * One JSON Schema validator for every server: the SDK's default builds a new Ajv per server (its meta-schemas
 * compiled again), which was most of what a fresh server per request cost. The tools validate with zod; the
 * validator is only for what clients send back (elicitation), which this server never asks for.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(deps: McpDependencies): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: MCP_INSTRUCTIONS,
    jsonSchemaValidator,
  });

  server.registerTool(
    'search_site',
    {
      title: 'Search the site',
      description:
        "Full-text search over the site's courses, programs, handbook and pages. Results have a title, URL, excerpt and the URL of the page's Markdown twin (read it with get_page).",
      inputSchema: searchSiteInput.shape,
      outputSchema: searchResponseSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => simpleTools.search_site.call(deps, args),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a page as Markdown',
      description:
        'The Markdown twin of a public page of the site, with YAML front matter (title, description, url, type). Takes a site path such as "/courses/bib201/".',
      inputSchema: getPageInput.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => simpleTools.get_page.call(deps, args),
  );

  server.registerTool(
    'find_courses',
    {
      title: 'Find courses',
      description:
        'The course catalog filtered as GET /api/courses filters it: each course with its terms, when it next starts, and ' +
        'the registration link (course and term filled in) for each term open for registration. Every filter narrows.',
      inputSchema: findCoursesInput.shape,
      outputSchema: coursesResponseSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    failSafe('find_courses', async ({ limit, ...filter }) => {
      const answer = findCoursesAnswer(await deps.catalog(), { ...filter, limit, offset: 0 }, deps.now());
      return { structuredContent: answer, content: [{ type: 'text', text: JSON.stringify(answer) }] };
    }),
  );

  server.registerTool(
    'upcoming_events',
    {
      title: 'Upcoming events',
      description:
        'Open days, lectures, concerts, services and workshops not yet over at the time of the call, soonest first, ' +
        'with ISO 8601 start and end (as GET /api/events).',
      inputSchema: upcomingEventsInput.shape,
      outputSchema: eventsResponseSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    failSafe('upcoming_events', async ({ kind, limit }) => {
      const all = eventsAnswer(await deps.catalog(), kind ? { kind } : {}, deps.now());
      const answer = { total: all.total, results: all.results.slice(0, limit) };
      return { structuredContent: answer, content: [{ type: 'text', text: JSON.stringify(answer) }] };
    }),
  );

  server.registerTool(
    'ask_site',
    {
      title: 'Ask the site',
      description: "A question answered by the site's chat from its pages, with the pages it used as sources.",
      inputSchema: askSiteInput.shape,
      outputSchema: askSiteOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    failSafe('ask_site', async ({ question }) => {
      const answer = await deps.ask(question);
      if ('error' in answer) return toolError(answer.error);
      const sources = answer.sources.map((s) => `- ${s.title ?? s.url}: ${s.url}`).join('\n');
      return {
        structuredContent: answer,
        content: [{ type: 'text', text: sources ? `${answer.answer}\n\nSources:\n${sources}` : answer.answer }],
      };
    }),
  );

  return server;
}
