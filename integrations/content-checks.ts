import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageFile, requestPathsOf } from '../src/lib/site/page-files.ts';
import { REDIRECTS_FILE } from '../src/lib/site/redirects.ts';
import { findSharedAliases } from './alias-check.ts';
import { readContentSources } from './content-sources.ts';
import { findBrokenLinks, findMissingAlt, planRedirects, type BuiltPages } from './internal-links.ts';

/**
 * After the pages are written and before twins, search and compression: checks every internal link in the
 * content against what the build wrote, checks the `redirectFrom` old paths and that no name (`aliases`, a title)
 * leads to two pages, and writes the redirect map
 * (dist/redirects.json, outside the served folder) that the server reads at start (src/lib/site/redirects.ts).
 * A problem fails the build with every problem listed, each naming the file and line.
 */
export function contentChecks(): AstroIntegration {
  let root = process.cwd();
  let onDemand: RegExp[] = [];
  return {
    name: 'institute:content-checks',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      // On-demand routes (the API, /search) are link targets too; catch-alls (`[...path]`) would accept anything.
      'astro:routes:resolved': ({ routes }) => {
        onDemand = routes.filter((r) => !r.isPrerendered && !r.pattern.includes('[...')).map((r) => r.patternRegex);
      },
      'astro:build:done': ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const site = builtPages(client, onDemand);
        const sources = readContentSources(root);
        const { redirects, problems: redirectProblems } = planRedirects(sources, site);
        const problems = [
          ...redirectProblems,
          ...findBrokenLinks(sources, site, redirects),
          ...findMissingAlt(sources),
          ...findSharedAliases(sources),
        ];
        if (problems.length > 0) {
          throw new Error(
            `Broken links, redirects, images or aliases in the content (${problems.length}):\n  - ${problems.join('\n  - ')}\nSee docs/editing.md, "When the build fails".`,
          );
        }
        writeFileSync(
          join(client, '..', REDIRECTS_FILE),
          `${JSON.stringify(Object.fromEntries(redirects), null, 2)}\n`,
        );
        logger.info(`content links checked; ${redirects.size} redirect${redirects.size === 1 ? '' : 's'} written`);
      },
    },
  };
}

function builtPages(client: string, onDemand: RegExp[]): BuiltPages {
  const names = readdirSync(client, { recursive: true, encoding: 'utf8' }).map((n) => n.replaceAll('\\', '/'));
  const pageByPath = new Map<string, string>();
  const fileOfPage = new Map<string, string>();
  const files = new Set<string>();
  for (const name of names) {
    const page = pageFile(name);
    if (!page) {
      files.add(`/${name}`);
      continue;
    }
    fileOfPage.set(page.pageUrl, page.file);
    for (const path of requestPathsOf(page)) pageByPath.set(path, page.pageUrl);
  }
  const ids = new Map<string, Set<string>>();
  return {
    pageUrls: [...fileOfPage.keys()].filter((url) => url !== '/404').sort(),
    pageOf: (path) => pageByPath.get(path),
    isOtherFile: (path) => files.has(path) || onDemand.some((pattern) => pattern.test(path)),
    idsOf(pageUrl) {
      let found = ids.get(pageUrl);
      if (!found) {
        const html = readFileSync(join(client, fileOfPage.get(pageUrl)!), 'utf8');
        found = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1])));
        ids.set(pageUrl, found);
      }
      return found;
    },
  };
}

const decodeEntities = (s: string) =>
  s.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e]!);
