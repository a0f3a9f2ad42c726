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
 * Builds the Pagefind index (dist/client/pagefind/) from the prerendered pages. Only the `<article
 * data-pagefind-body>` of each page is indexed (Base.astro), with its type as a filter and its title as meta.
 * Register before precompress(), which skips the pagefind folder (its files are compressed already).
 */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'institute:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
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
          logger.info(`indexed ${pages} pages for search in ${Math.round(performance.now() - started)} ms`);
        } finally {
          // Pagefind runs as a child process; left open it keeps the build from exiting.
          await pagefind.close();
        }
      },
    },
  };
}
