import type { AstroIntegration } from 'astro';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/** Pages that ask search engines to stay away (the 404 page, the search page) stay out of the site search too. */
const NOINDEX = /<meta name="robots" content="noindex"/;

function check(step: string, response: { errors: string[] }) {
  if (response.errors.length > 0) throw new Error(`pagefind ${step} failed:\n  ${response.errors.join('\n  ')}`);
}

/**
 * Indexes every HTML page under `root` that has a `data-pagefind-body` and no robots noindex, and writes the bundle
 * to `root/pagefind`. Every Pagefind answer is checked for errors and Pagefind is always closed. Also used by
 * scripts/generate-site.ts for the benchmark site.
 */
export async function indexSite(root: string): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    check('createIndex', { errors });
    if (!index) throw new Error('pagefind createIndex returned no index');
    const files = (await readdir(root, { recursive: true }))
      .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'))
      .sort();
    let pages = 0;
    for (const file of files) {
      const content = await readFile(join(root, file), 'utf8');
      if (NOINDEX.test(content) || !content.includes('data-pagefind-body')) continue;
      check(`indexing ${file}`, await index.addHTMLFile({ sourcePath: file, content }));
      pages++;
    }
    check('writeFiles', await index.writeFiles({ outputPath: join(root, 'pagefind') }));
    return { pages, ms: Math.round(performance.now() - started) };
  } finally {
    // Pagefind runs as a child process; left open it keeps the build from exiting.
    await pagefind.close();
  }
}

/**
 * Builds the Pagefind index (dist/client/pagefind/) from the prerendered pages. Only the `<article
 * data-pagefind-body>` of each page is indexed (Base.astro), with its type as a filter and its title as meta.
 * Register before precompress(), which skips the pagefind folder (its files are compressed already).
 */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'institute:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, ms } = await indexSite(fileURLToPath(dir));
        logger.info(`indexed ${pages} pages for search in ${ms} ms`);
      },
    },
  };
}
