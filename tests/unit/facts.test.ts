/**
 * Facts written twice: once in code, once in hand-written prose (the README, /developers, the privacy page, docs/).
 * Each test fails when one copy changes and the other does not; the fix is to change both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { API_VERSION } from '../../src/lib/api/routes.ts';
import { configSchema } from '../../src/lib/config.ts';
import {
  CONFIRM_WINDOW_HOURS,
  SENT_MAIL_KEPT_DAYS,
  UNCONFIRMED_KEPT_DAYS,
  UNSUBSCRIBED_DELETED_WITHIN_DAYS,
} from '../../src/lib/mail/promises.ts';
import { serverCard } from '../../src/lib/mcp/card.ts';
import { SITE_NAME } from '../../src/lib/site.ts';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const filesUnder = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));

describe("the README's environment variables", () => {
  // Rows of the README's tables: | `NAME` | default | meaning |
  const rows = new Map(
    [...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]+) \|/gm)].map(([, name, cell]) => [
      name!,
      cell!.trim(),
    ]),
  );
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, { default?: unknown }>;
  };
  const variables = Object.keys(schema.properties);

  it("are the config schema's, each once", () => {
    expect([...rows.keys()].sort()).toEqual([...variables].sort());
  });

  // Without a schema default the README says "unset" or how the code decides, never a bare value: a default
  // dropped from the schema must not stay in the README.
  it("give the schema's default where it has one, and no bare value where it has none", () => {
    for (const name of variables) {
      const declared = schema.properties[name]!.default;
      const cell = rows.get(name);
      if (declared === undefined) expect(cell, name).not.toMatch(/^`[^`]*`$/);
      else expect(cell, name).toBe(`\`${String(declared)}\``);
    }
  });
});

describe("/developers' MCP tools", () => {
  const page = read('src/pages/developers.astro');
  const section = page.slice(page.indexOf('<h2 id="mcp">'), page.indexOf('<h2', page.indexOf('<h2 id="mcp">') + 1));
  // <li><code>search_site</code>: <code>query</code>, optional <code>type</code>…</li>; paths (with a slash) are not parameters.
  const listed = [...section.matchAll(/<li>\s*<code>(\w+)<\/code>:([\s\S]*?)<\/li>/g)].map(([, name, text]) => ({
    name: name!,
    parameters: [...text!.matchAll(/<code\s*>(\w+)<\/code\s*>/g)].map(([, p]) => p!).sort(),
  }));
  const numbers = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

  it('are the tools /mcp lists, in its order, each with its parameters', async () => {
    const { tools } = await serverCard('https://northgate.example');
    expect(listed).toEqual(
      tools.map((t) => ({ name: t.name, parameters: Object.keys(t.inputSchema.properties ?? {}).sort() })),
    );
    expect(section).toContain(`with ${numbers[tools.length]} tools`);
  });
});

describe("the newsletter's promises", () => {
  // Where the numbers stand in prose, and the words around them there.
  const prose: Record<string, string[]> = {
    'src/content/pages/privacy.mdx': [
      `not confirmed within ${UNCONFIRMED_KEPT_DAYS} days`,
      `Deleted ${UNCONFIRMED_KEPT_DAYS} days after the last signup`,
      `then deleted within ${UNSUBSCRIBED_DELETED_WITHIN_DAYS} days`,
      `Deleted ${SENT_MAIL_KEPT_DAYS} days after sending`,
    ],
    'docs/mail.md': [
      `The token expires after ${CONFIRM_WINDOW_HOURS} hours`,
      `pending rows ${UNCONFIRMED_KEPT_DAYS} days after their last signup`,
      `("within ${UNSUBSCRIBED_DELETED_WITHIN_DAYS} days")`,
      `sent or abandoned mail after ${SENT_MAIL_KEPT_DAYS} days`,
    ],
    'docs/api-conventions.md': [
      `(confirmation: ${CONFIRM_WINDOW_HOURS} h;`,
      `after ${CONFIRM_WINDOW_HOURS} h, unsubscribe tokens do not`,
      `Pending entries are deleted ${UNCONFIRMED_KEPT_DAYS} days after their last signup`,
      `deleted within ${UNSUBSCRIBED_DELETED_WITHIN_DAYS} days`,
    ],
  };

  it.each(Object.entries(prose))('are stated as the code keeps them in %s', (path, phrases) => {
    const text = read(path).replace(/\s+/g, ' ');
    for (const phrase of phrases) expect(text, path).toContain(phrase);
  });
});

describe('the site name', () => {
  it('is spelled only in src/lib/site.ts in the code', () => {
    const code = ['src', 'server', 'integrations'].flatMap((dir) => filesUnder(dir, /\.(ts|astro|mjs)$/));
    expect(code.filter((path) => path !== join('src', 'lib', 'site.ts') && read(path).includes(SITE_NAME))).toEqual([]);
  });

  it('is spelled the same wherever the content says it', () => {
    // Any "<first word> <Word> of <Word>": a renamed institute leaves the old full name behind in the content.
    const first = SITE_NAME.split(' ')[0];
    const spelled = filesUnder('src/content', /\.mdx?$/).flatMap((path) =>
      [...read(path).matchAll(new RegExp(`${first} [A-Z]\\w+ of [A-Z]\\w+`, 'g'))].map(([name]) => name),
    );
    expect(spelled.length).toBeGreaterThan(0);
    expect(new Set(spelled)).toEqual(new Set([SITE_NAME]));
  });
});

describe("the API's version", () => {
  it("is the package's, and docs/ say the same", () => {
    expect(API_VERSION).toBe(packageJson.version);
    const stated = filesUnder('docs', /\.md$/).flatMap((path) =>
      [...read(path).matchAll(/`info\.version` `?(\d+\.\d+\.\d+)/g)].map(([, v]) => v),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(new Set(stated)).toEqual(new Set([API_VERSION]));
  });
});
