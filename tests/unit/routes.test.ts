import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes, apiRoutes, documentRoutes } from '../../src/lib/api/routes.ts';
import { answersJson } from '../../src/lib/http/json-paths.ts';

const pages = join(import.meta.dirname, '../../src/pages');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** A route file's path, parameters spelled `{}`: `src/pages/api/auth/[...auth].ts` → `/api/auth/{}`. */
const fromFile = (file: string) =>
  `/${relative(pages, file)
    .replace(/\.ts$/, '')
    .replace(/\[(\.\.\.)?[^\]]+\]/g, '{}')}`;
/** A table path, parameters spelled `{}`: `/api/auth/{action}` → `/api/auth/{}`. */
const fromTable = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe('the route table', () => {
  const table = allRoutes.map((r) => fromTable(r.path));
  // Every on-demand JSON route: the API, the discovery documents under /.well-known/, and those at the root.
  const routeFiles = [...files(join(pages, 'api')), ...files(join(pages, '.well-known'))].map(fromFile);
  const rootDocuments = files(pages)
    .map(fromFile)
    .filter((p) => answersJson(p));

  it('has an entry for every file under src/pages/api/ and src/pages/.well-known/', () => {
    expect(routeFiles.filter((p) => !table.includes(p))).toEqual([]);
  });

  it('has a file for every entry', () => {
    expect(table.filter((p) => !routeFiles.includes(p) && !rootDocuments.includes(p))).toEqual([]);
    expect(documentRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/openapi.json', '/auth.md', '/mcp']));
  });

  it('holds each path once, and each operationId once', () => {
    expect(new Set(table).size).toBe(table.length);
    const ids = apiRoutes.flatMap((r) => Object.values(r.operations ?? {}).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives an early 429 only to POST routes whose limit counts every request, the MCP fast path only to /mcp, the chat fast path only to /api/chat', () => {
    for (const r of allRoutes.filter((entry) => entry.fastPath === 'early-429')) {
      expect(r.methods, r.path).toEqual(['POST']);
      expect(r.rateLimit, r.path).toBeDefined();
    }
    expect(allRoutes.filter((r) => r.fastPath === 'mcp-tool-call').map((r) => r.path)).toEqual(['/mcp']);
    expect(allRoutes.filter((r) => r.fastPath === 'chat-answer').map((r) => r.path)).toEqual(['/api/chat']);
  });

  it('lists the methods each route documents among those it serves', () => {
    for (const r of apiRoutes) {
      for (const method of Object.keys(r.operations ?? {})) {
        if (r.methods.length > 0) expect(r.methods, r.path).toContain(method.toUpperCase());
      }
    }
  });
});
