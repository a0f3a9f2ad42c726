/**
 * The editors' page files (src/content/{courses,programs,handbook,pages}/*.mdx) as the build-time checks need
 * them: where each is published, whether it is a draft, its old paths, its `updated` date and its text. The
 * schemas (src/schemas/content.ts) have already validated every field by the time these checks run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { contentUrl, PAGE_COLLECTIONS, type PageCollection } from '../src/lib/content/content-urls.ts';

export interface ContentSource {
  /** Path relative to the project, e.g. `src/content/handbook/refunds.mdx`. */
  file: string;
  collection: PageCollection;
  /** Where it is published, e.g. `/handbook/refunds/`. */
  url: string;
  draft: boolean;
  redirectFrom: string[];
  /** The page's `title` and its `aliases`: the names a search query ranks it first for. */
  title: string;
  aliases: string[];
  /** The questions visitors ask that the page answers (`questions`): what the chat finds it by (asked-before.ts). */
  questions: string[];
  /** `updated` as YYYY-MM-DD, when set. */
  updated?: string;
  /** The whole file, front matter included, so line numbers are the editor's. */
  text: string;
}

/** Every page file under `<root>/src/content`, drafts included (callers decide). */
export function readContentSources(root: string): ContentSource[] {
  const sources: ContentSource[] = [];
  for (const collection of PAGE_COLLECTIONS) {
    const base = join(root, 'src/content', collection);
    const files = readdirSync(base, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mdx'))
      .sort();
    for (const name of files) {
      const text = readFileSync(join(base, name), 'utf8');
      const data = (parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '') ?? {}) as Record<string, unknown>;
      const updated =
        data.updated instanceof Date ? data.updated : data.updated ? new Date(String(data.updated)) : undefined;
      sources.push({
        file: relative(root, join(base, name)).replaceAll('\\', '/'),
        collection,
        url: contentUrl(collection, name.replace(/\.mdx$/, '').replaceAll('\\', '/')),
        draft: data.draft === true,
        redirectFrom: Array.isArray(data.redirectFrom) ? data.redirectFrom.map(String) : [],
        title: String(data.title ?? ''),
        aliases: Array.isArray(data.aliases) ? data.aliases.map(String) : [],
        questions: Array.isArray(data.questions) ? data.questions.map((q) => String(q).trim()) : [],
        updated: updated && !Number.isNaN(updated.getTime()) ? updated.toISOString().slice(0, 10) : undefined,
        text,
      });
    }
  }
  return sources;
}
