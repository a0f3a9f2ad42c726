import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { pageFile } from '../src/lib/site/page-files.ts';
import { COMMON_TERMS_FILE } from '../src/lib/search/warm.ts';
import { spaceCells, writeVocabulary } from './search-text.ts';
import { writePageVectors } from './page-vectors.ts';
import { writeWordVectors } from './search-vectors.ts';
import { writeWarmAnswers } from './warm-answers.ts';

/** Pages that ask search engines to stay away (the 404 page, the search page) stay out of the site search too. */
const NOINDEX = /<meta name="robots" content="noindex"/;

/** How many of the most common words go into common-terms.json (the search cache is warmed with them). */
const COMMON_TERMS = 50;

/**
 * Counts, per word, the pages whose indexed article contains it (document frequency). The words on most pages are
 * the searches that cost most at request time, so the server warms its cache with them. Approximate on purpose
 * (tags stripped, split on non-letters): it only chooses what to warm, never what a search answers.
 */
export function countWords(html: string, df: Map<string, number>) {
  const body = html.match(/data-pagefind-body[^>]*>([\s\S]*?)<\/article>/)?.[1] ?? '';
  const words = new Set(
    body
      .replace(/<[^>]*>/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1),
  );
  for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
}

/** Writes the most common words (by pages containing them) into the bundle folder, for the search cache warmer. */
export async function writeCommonTerms(bundleDir: string, df: Map<string, number>, pages: number) {
  const terms = [...df]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, COMMON_TERMS)
    .map(([term, n]) => ({ term, pages: n }));
  await writeFile(join(bundleDir, COMMON_TERMS_FILE), `${JSON.stringify({ pages, terms })}\n`);
}

function check(step: string, response: { errors: string[] }) {
  if (response.errors.length > 0) throw new Error(`pagefind ${step} failed:\n  ${response.errors.join('\n  ')}`);
}

/**
 * Indexes every HTML page under `root` that has a `data-pagefind-body` and no robots noindex, and writes the bundle
 * to `root/pagefind`, with common-terms.json (the words on most pages) and vocabulary.json (every indexed word) in it. Every Pagefind answer is checked for
 * errors and Pagefind is always closed. Then the word vectors of query expansion are written (`vectors`:
 * search-vectors.ts) and, from them, one vector per page (`pageVectors`: page-vectors.ts), and the answers of the head words are computed into warm-answers.json with them (`warm`,
 * timed apart: src/lib/search/warm-answers.ts). Also used by scripts/generate-site.ts for the benchmark site.
 */
export async function indexSite(root: string): Promise<{
  pages: number;
  ms: number;
  vectors: Awaited<ReturnType<typeof writeWordVectors>>;
  pageVectors?: Awaited<ReturnType<typeof writePageVectors>>;
  warm: { answers: number; ms: number };
}> {
  const indexed = await indexPages(root);
  const vectors = await writeWordVectors(join(root, 'pagefind'));
  const pageVectors = 'site' in vectors ? await writePageVectors(join(root, 'pagefind'), vectors.site) : undefined;
  return { ...indexed, vectors, pageVectors, warm: await writeWarmAnswers(join(root, 'pagefind')) };
}

async function indexPages(root: string): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    check('createIndex', { errors });
    if (!index) throw new Error('pagefind createIndex returned no index');
    const files = (await readdir(root, { recursive: true })).filter((f) => pageFile(f) !== undefined).sort();
    let pages = 0;
    const df = new Map<string, number>();
    for (const file of files) {
      const content = await readFile(join(root, file), 'utf8');
      if (NOINDEX.test(content) || !content.includes('data-pagefind-body')) continue;
      check(`indexing ${file}`, await index.addHTMLFile({ sourcePath: file, content: spaceCells(content) }));
      countWords(content, df);
      pages++;
    }
    check('writeFiles', await index.writeFiles({ outputPath: join(root, 'pagefind') }));
    await writeCommonTerms(join(root, 'pagefind'), df, pages);
    await writeVocabulary(join(root, 'pagefind'));
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
        const { pages, ms, vectors, pageVectors, warm } = await indexSite(fileURLToPath(dir));
        logger.info(
          `indexed ${pages} pages for search in ${ms} ms; ${warm.answers} answers precomputed in ${warm.ms} ms`,
        );
        if ('skipped' in vectors) logger.warn(vectors.skipped);
        else
          logger.info(
            `word vectors for query expansion: ${vectors.siteWords} site words + ${vectors.words - vectors.siteWords} others, ${Math.round(vectors.bytes / 1024)} KB; page vectors: ${pageVectors?.pages} pages, ${Math.round((pageVectors?.bytes ?? 0) / 1024)} KB`,
          );
      },
    },
  };
}
