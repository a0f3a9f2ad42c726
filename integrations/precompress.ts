import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const TEXT = /\.(html|css|js|mjs|json|svg|xml|txt|md)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz next to every text file of the client build, so the server sends compressed files without
 * compressing per request. Runs last: after twins and the search index are written.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'institute:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true })).filter(
          (f) => TEXT.test(f) && !f.startsWith('pagefind'),
        );
        let written = 0;
        for (const file of files) {
          const path = join(root, file);
          const data = await readFile(path);
          if (data.length < MIN_BYTES) continue;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          written++;
        }
        logger.info(`compressed ${written} files (brotli + gzip) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
