import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// integrations/shared-lib.ts: the server bundle imports src/lib instead of carrying a second copy of it, so the
// server entry and Astro's routes share one store, one Redis client, one search pool and one built site.
describe('the server bundle and the server entry share src/lib', () => {
  const dir = 'dist/server';
  const bundle = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

  it('imports the stateful modules from source', () => {
    for (const module of ['store/index.ts', 'limits/rate-limit.ts', 'config.ts', 'search/index.ts', 'chat/reply.ts']) {
      expect(bundle, module).toContain(`from "#lib/${module}"`);
    }
  });

  it('carries no copy of them', () => {
    for (const definition of [
      'function openStore(',
      'function getRedis(',
      'function getConfig(',
      'function builtSite(',
      'function takeStreamSlot(',
      'class SearchPool',
    ]) {
      expect(bundle, definition).not.toContain(definition);
    }
  });
});
