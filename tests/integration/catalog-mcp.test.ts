import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { courses, endOf, events } from '../helpers/catalog-data.ts';
import { useServer } from '../helpers/server.ts';

// The day after the Ashby Lecture (5 November 2026).
const NOW = new Date('2026-11-06T09:00:00Z');
const server = useServer({ CLOCK_NOW: NOW.toISOString() });
let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'catalog-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
});
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('MCP catalog tools', () => {
  it('find_courses filters as the data says, with the same answer as GET /api/courses', async () => {
    const result = await call('find_courses', { delivery: 'online', term: '2027-spring', limit: 100 });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as { total: number; results: { code: string }[] };
    expect(answer.results.map((c) => c.code)).toEqual(
      courses
        .filter((c) => c.delivery === 'online' && c.terms.includes('2027-spring'))
        .map((c) => c.code)
        .sort(),
    );
    const api = await (await fetch(`${server.url}/api/courses?delivery=online&term=2027-spring&limit=100`)).json();
    expect(answer).toEqual(api);
  });

  it('find_courses refuses an unknown department with the allowed values', async () => {
    const result = await call('find_courses', { department: 'astrology' }).catch(
      (err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }) as CallToolResult,
    );
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('biblical-studies');
  });

  it('upcoming_events lists what is still to come at the time of the call, and not the lecture of yesterday', async () => {
    const result = await call('upcoming_events', {});
    const answer = result.structuredContent as { total: number; results: { id: string }[] };
    const upcoming = events.filter((e) => endOf(e) > NOW).map((e) => e.id);
    expect(answer.total).toBe(upcoming.length);
    expect(answer.results.map((e) => e.id)).toEqual(upcoming.slice(0, 10));
    expect(answer.results.map((e) => e.id)).not.toContain('ashby-lecture-2026');
    const openDays = await call('upcoming_events', { kind: 'open-day', limit: 1 });
    expect((openDays.structuredContent as { results: { id: string }[] }).results.map((e) => e.id)).toEqual([
      events.find((e) => e.kind === 'open-day' && endOf(e) > NOW)!.id,
    ]);
  });

  it('get_page gives the events page as it reads on the day, and sends the archive to upcoming_events', async () => {
    const page = (await call('get_page', { path: '/events/' })).content
      .map((c) => (c.type === 'text' ? c.text : ''))
      .join('');
    for (const e of events) expect(page.includes(`### ${e.title}\n`), e.id).toBe(endOf(e) > NOW);
    const archive = await call('get_page', { path: '/events/archive/' });
    expect(archive.isError).toBe(true);
    expect(JSON.stringify(archive.content)).toContain('upcoming_events');
  });

  it('get_page gives the home page and a course page as they read on the day: nothing over, the right next start', async () => {
    const home = JSON.stringify((await call('get_page', { path: '/' })).content);
    const next = events.filter((e) => endOf(e) > NOW).sort((a, b) => a.start.localeCompare(b.start))[0]!;
    expect(home).toContain(next.title);
    expect(home).not.toContain('Ashby Lecture');
    const course = JSON.stringify((await call('get_page', { path: '/courses/bib101/' })).content);
    expect(course).toContain('Next starts in **Spring 2027**');
  });

  it('are listed in the MCP server card', async () => {
    const card = await (await fetch(`${server.url}/.well-known/mcp/server-card.json`)).json();
    expect(card.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['find_courses', 'upcoming_events']),
    );
  });
});
