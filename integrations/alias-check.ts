import type { ContentSource } from './content-sources.ts';

/** How two names are compared: case, accents and runs of spaces or punctuation aside. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * An alias ranks its page first (src/lib/search/intent.ts), so one name can belong to one published page only: an
 * alias another page also has, or that is another page's title, is a problem naming both files. Drafts are left
 * out, as they are from the site.
 * @example findSharedAliases(sources) → ['src/content/pages/give.mdx:5: alias "donate" is also an alias of src/content/pages/about.mdx; …']
 */
export function findSharedAliases(sources: ContentSource[]): string[] {
  const published = sources.filter((s) => !s.draft);
  const titles = new Map(published.map((s) => [nameKey(s.title), s] as const));
  const owners = new Map<string, ContentSource>();
  const problems: string[] = [];
  for (const source of published) {
    for (const alias of source.aliases) {
      const key = nameKey(alias);
      const where = `${source.file}:${lineOf(source.text, alias)}: alias "${alias}"`;
      const titled = titles.get(key);
      const other = owners.get(key);
      if (titled && titled !== source)
        problems.push(`${where} is the title of ${titled.file}; a name leads to one page: remove the alias`);
      else if (other && other !== source)
        problems.push(
          `${where} is also an alias of ${other.file}; a name leads to one page: remove it from one of them, or make it a keyword`,
        );
      else owners.set(key, source);
    }
  }
  return problems;
}

function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  return index === -1 ? 1 : text.slice(0, index).split('\n').length;
}
