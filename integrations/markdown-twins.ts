import type { AstroIntegration } from 'astro';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pageFile, requestPathsOf, type PageFile } from '../src/lib/site/page-files.ts';
import type { TwinJob } from './twins-worker.ts';
import { llmsFull } from '../src/lib/discovery/llms-full.ts';
import { SITE_NAME } from '../src/lib/site.ts';

// Converting a page is synchronous CPU work, and each thread pays a warm-up first, so pages are shared among worker
// threads, one per core, only once each gets enough pages to repay its warm-up (docs/twins.md has the figures).
const PAGES_PER_WORKER = 48;

/**
 * Writes a Markdown twin (`<path>.md`, `/index.md` for the homepage) next to every prerendered HTML page, from
 * the page's rendered article. Must run before precompress(), which then compresses the twins too.
 */
export function markdownTwins(): AstroIntegration {
  return {
    name: 'institute:markdown-twins',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const found = (await readdir(root, { recursive: true }))
          .map(pageFile)
          .filter((p): p is PageFile => p !== undefined);
        // Pages without the article (redirect stubs, say) get no twin, and no twin links to a twin never written.
        const isContent = await Promise.all(
          found.map(async (page) => (await readFile(join(root, page.file), 'utf8')).includes('data-pagefind-body')),
        );
        const pages = found.filter((_, i) => isContent[i]);
        const skipped = found.filter((_, i) => !isContent[i]).map((page) => page.file);
        if (skipped.length > 0) logger.warn(`no <article data-pagefind-body>, so no twin for: ${skipped.join(', ')}`);

        const twins: [string, string][] = [];
        for (const page of pages) for (const path of requestPathsOf(page)) twins.push([path, page.twinUrl]);
        const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(pages.length / PAGES_PER_WORKER)));
        const shares = Array.from({ length: threads }, (_, t) => pages.filter((_, i) => i % threads === t));
        const written = await Promise.all(shares.map((share) => convert({ root, pages: share, twins })));
        const total = written.reduce((a, b) => a + b, 0);
        logger.info(
          `wrote ${total} Markdown twins in ${Math.round(performance.now() - started)} ms (${threads} thread${threads > 1 ? 's' : ''})`,
        );
        // /llms-full.txt: the twins just written, in /llms.txt order (src/lib/discovery/llms-full.ts).
        const llmsTxt = join(root, 'llms.txt');
        if (existsSync(llmsTxt)) {
          const read = (url: string) =>
            existsSync(join(root, url)) ? readFileSync(join(root, url), 'utf8') : undefined;
          const full = llmsFull(SITE_NAME, readFileSync(llmsTxt, 'utf8'), read);
          await writeFile(join(root, 'llms-full.txt'), full);
          logger.info(`wrote llms-full.txt (${Buffer.byteLength(full)} bytes)`);
        }
      },
    },
  };
}

function convert(job: TwinJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./twins-worker.ts', import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`twin worker exited with ${code}`));
    });
  });
}
