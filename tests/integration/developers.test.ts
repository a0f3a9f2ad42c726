import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { curlExamples, throttleExample, withOrigin } from '../../src/lib/discovery/curl-examples.ts';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';
import { useServer } from '../helpers/server.ts';

const run = promisify(execFile);
const server = useServer();

/** Keys and value types at every level; arrays by their first item. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

describe('/developers curl examples, run as printed', () => {
  it.each([...curlExamples, throttleExample].map((e) => [e.id, e] as const))(
    '%s prints what the guide shows',
    async (_id, example) => {
      const { stdout } = await run('sh', ['-c', withOrigin(example.command, server.url)]);
      if (example.check === 'header-names') {
        const names = (text: string) =>
          text
            .trim()
            .split(/\r?\n/)
            .map((line) => line.split(':')[0]!.toLowerCase());
        expect(
          stdout
            .trim()
            .split(/\r?\n/)
            .every((line) => /^[\w-]+: \d+\r?$/.test(line)),
        ).toBe(true);
        expect(names(stdout)).toEqual(names(example.output));
        return;
      }
      const actual = JSON.parse(stdout);
      const shown = JSON.parse(withOrigin(example.output, server.url));
      // Every error carries its own request's id: the guide shows one, the server answers another of the same form.
      if (shown.error?.requestId) {
        expect(actual.error.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        actual.error.requestId = shown.error.requestId;
      }
      if (example.check === 'exact') expect(actual).toEqual(shown);
      else expect(shape(actual)).toEqual(shape(shown));
    },
  );
});

describe('/developers page', () => {
  it('is a page with a Markdown twin holding every example and every operation', async () => {
    const html = await (await fetch(`${server.url}/developers`)).text();
    const markdown = await (await fetch(`${server.url}/developers.md`)).text();
    const decode = (s: string) =>
      s
        .replaceAll('&#39;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    // The build's origin (SITE_URL or http://localhost:4321) is what the page prints.
    const origin = /<pre[^>]*><code>curl -s (https?:\/\/[^/\s]+)\/api\/health/.exec(html)?.[1];
    expect(origin).toMatch(/^https?:\/\/[^/\s]+$/);
    for (const example of [...curlExamples, throttleExample]) {
      expect(decode(html)).toContain(withOrigin(example.command, origin!));
      expect(markdown).toContain(withOrigin(example.command, origin!));
    }
    for (const item of Object.values(
      openApiDocument('https://northgate.example').paths as Record<string, Record<string, { operationId?: string }>>,
    )) {
      for (const op of Object.values(item)) if (op.operationId) expect(markdown).toContain(op.operationId);
    }
    for (const text of [
      'developers@northgate.example',
      'X-RateLimit-Remaining',
      'Retry-After',
      '/.well-known/api-catalog',
      '/mcp',
      '/auth.md',
    ]) {
      expect(markdown).toContain(text);
    }
    // The limits table: each route as code, and what else counts against its limit in words of its own column.
    expect(markdown).toContain('| `POST /api/chat` | 20 | 10 minutes | This route alone |');
    expect(markdown).toContain('| `GET /api/search` | 60 | 1 minute | MCP search_site too;');
    expect(markdown).toContain(
      '| `POST /api/search/clicks` | 30 | 1 minute | POST /api/search/clicks and POST /api/chat/feedback, together |',
    );
  });
});
