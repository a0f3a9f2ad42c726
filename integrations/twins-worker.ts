/** Worker thread of markdown-twins.ts: converts its share of the pages and writes their twins. */
import { parentPort, workerData } from 'node:worker_threads';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { htmlToMarkdown } from './html-to-markdown.ts';
import type { PageFile } from '../src/lib/site/page-files.ts';
import { withoutDated } from '../src/lib/site/dated.ts';

export interface TwinJob {
  root: string;
  pages: PageFile[];
  twins: [string, string][];
}

const { root, pages, twins } = workerData as TwinJob;
const twinByPath = new Map(twins);
for (const page of pages) {
  // What holds only for a while is left out of the file: the server makes a dated page's twin from the page as
  // it reads on the day (src/lib/site/dated-files.ts), and copies made once (llms-full.txt) stay true.
  const html = withoutDated(await readFile(join(root, page.file), 'utf8'));
  const markdown = htmlToMarkdown(html, { pageUrl: page.pageUrl, twinOf: (path) => twinByPath.get(path) });
  if (markdown === undefined) throw new Error(`${page.file}: no <article data-pagefind-body> inside <main>`);
  await writeFile(join(root, page.twinUrl), markdown);
}
parentPort!.postMessage(pages.length);
