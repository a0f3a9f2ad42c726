/**
 * Turns one rendered page into its Markdown twin: the `<article data-pagefind-body>` inside `<main>` (what a
 * visitor reads, without header, navigation or footer) as GitHub-flavoured Markdown, with YAML front matter.
 * Works on the HTML Astro wrote, so MDX components arrive already rendered and come out as plain Markdown.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { SITE_NAME } from '../src/lib/site.ts';

export interface TwinOptions {
  /** The page's own URL path, e.g. `/courses/bib201/` (`/` for the homepage). */
  pageUrl: string;
  /** The `.md` URL of the page at `path` (no query or fragment), or undefined when that path has no twin. */
  twinOf(path: string): string | undefined;
}

type FrontMatterValue = string | number | string[];

// Chrome and controls that mean nothing in a text document.
const DROP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'svg',
  'iframe',
]);

const parser = unified().use(rehypeParse);
const toMarkdown = unified()
  .use(rehypeRemark)
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one' });

/** The twin of one page, or undefined when the page has no article to convert (not a content page). */
export function htmlToMarkdown(html: string, options: TwinOptions): string | undefined {
  const tree = parser.parse(html) as Root;
  const main = find(tree, (el) => el.tagName === 'main');
  const article = main && find(main, (el) => el.tagName === 'article' && el.properties.dataPagefindBody !== undefined);
  if (!article) return undefined;

  const frontMatter: Record<string, FrontMatterValue> = {
    title: pageTitle(tree),
    description: String(
      find(tree, (el) => el.tagName === 'meta' && el.properties.name === 'description')?.properties.content ?? '',
    ),
    url: options.pageUrl,
    type: String(article.properties.dataPageType ?? 'page'),
    ...parseMeta(article.properties.dataPageMeta),
  };
  const body: Root = { type: 'root', children: prepare(article.children, options) as RootContent[] };
  const markdown = String(toMarkdown.stringify(toMarkdown.runSync(body) as never)).trim();
  return `${yamlFrontMatter(frontMatter)}\n${markdown}\n`;
}

/** `<title>` without the site-name suffix Base.astro adds ("BIB201: Biblical Greek I · Northgate …"). */
function pageTitle(tree: Root): string {
  const title = textOf(find(tree, (el) => el.tagName === 'title')).trim();
  const suffix = ` · ${SITE_NAME}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

function parseMeta(raw: unknown): Record<string, FrontMatterValue> {
  if (typeof raw !== 'string' || raw === '') return {};
  const meta = JSON.parse(raw) as Record<string, FrontMatterValue>;
  // The four core keys come from the page itself; meta adds to them and never overrides.
  for (const key of ['title', 'description', 'url', 'type']) delete meta[key];
  return meta;
}

/** YAML front matter; strings and arrays are written as JSON, which is valid YAML and needs no escaping rules. */
export function yamlFrontMatter(fields: Record<string, FrontMatterValue>): string {
  const lines = Object.entries(fields).map(
    ([key, value]) => `${key}: ${typeof value === 'number' ? value : JSON.stringify(value)}`,
  );
  return `---\n${lines.join('\n')}\n---\n`;
}

/** Rewrites the article's nodes into what should reach Markdown: callouts as blockquotes, facts as lists, links as absolute twin URLs. */
function prepare(nodes: ElementContent[], options: TwinOptions): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type !== 'element') {
      out.push(node);
      continue;
    }
    const classes = (node.properties.className as string[] | undefined) ?? [];
    if (DROP.has(node.tagName) || node.properties.hidden !== undefined || node.properties.ariaHidden === 'true')
      continue;
    // Breadcrumbs are navigation; the front matter's url already says where the page sits.
    if (classes.includes('breadcrumbs')) continue;
    if (node.tagName === 'aside' && classes.includes('callout')) {
      out.push({ ...node, tagName: 'blockquote', properties: {}, children: prepare(node.children, options) });
      continue;
    }
    if (node.tagName === 'dl') {
      out.push(definitionsToList(node, options));
      continue;
    }
    const properties = { ...node.properties };
    if (node.tagName === 'a' && typeof properties.href === 'string')
      properties.href = rewriteHref(properties.href, options);
    if (node.tagName === 'img' && typeof properties.src === 'string')
      properties.src = absolute(properties.src, options.pageUrl);
    out.push({ ...node, properties, children: prepare(node.children, options) });
  }
  return out;
}

/** `<dl>` has no Markdown form: each term becomes a list item "**Term:** description". */
function definitionsToList(dl: Element, options: TwinOptions): Element {
  const items: Element[] = [];
  for (const child of dl.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') {
      items.push(
        el('li', [el('strong', [{ type: 'text', value: `${textOf(child).trim()}:` }]), { type: 'text', value: ' ' }]),
      );
    } else if (child.tagName === 'dd') {
      const content = prepare(child.children, options);
      const last = items.at(-1);
      if (last && last.children.length > 2) last.children.push({ type: 'text', value: '; ' });
      if (last) last.children.push(...content);
      else items.push(el('li', content));
    }
  }
  return el('ul', items);
}

function rewriteHref(href: string, { pageUrl, twinOf }: TwinOptions): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href; // other sites, mailto:, tel:
  const url = new URL(href, `http://twin.invalid${pageUrl}`);
  const twin = twinOf(url.pathname);
  return `${twin ?? url.pathname}${url.search}${url.hash}`;
}

function absolute(src: string, pageUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return src;
  const url = new URL(src, `http://twin.invalid${pageUrl}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

const el = (tagName: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});

function find(node: Root | Element, test: (el: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function textOf(node: Element | undefined): string {
  if (!node) return '';
  return node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? textOf(c) : '')).join('');
}
