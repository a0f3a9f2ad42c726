import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PAGE_QUESTIONS_FILE, type AskedOf } from '../src/lib/chat/asked-before.ts';
import { readContentSources, type ContentSource } from './content-sources.ts';

/** The questions each published page says it answers (front matter `questions`), by its address. */
export function questionsByPage(sources: ContentSource[]): AskedOf {
  return Object.fromEntries(
    sources
      .filter((source) => !source.draft && source.questions.length > 0)
      .map((source) => [source.url, source.questions] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * Writes the pages' `questions` next to the Pagefind bundle (page-questions.json), where the chat reads them with the
 * rest of the site's search files: a question an editor adds finds its page on the next build, with no refit.
 */
export function pageQuestions(): AstroIntegration {
  return {
    name: 'institute:page-questions',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const asked = questionsByPage(readContentSources(process.cwd()));
        const bundleDir = join(fileURLToPath(dir), 'pagefind');
        await mkdir(bundleDir, { recursive: true });
        await writeFile(join(bundleDir, PAGE_QUESTIONS_FILE), `${JSON.stringify(asked)}\n`);
        const count = Object.values(asked).flat().length;
        logger.info(`${count} questions of ${Object.keys(asked).length} pages for the chat's ranking`);
      },
    },
  };
}
