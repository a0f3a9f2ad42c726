/**
 * `node integrations/warm-answers.ts BUNDLE_DIR`: computes the answers of the vocabulary's head words (alone and with
 * each type filter, for at most BUILD_BUDGET_MS; src/lib/search/warm-answers.ts) with the server's own search(), on
 * every core, and writes them into the bundle as warm-answers.json, for the server to start with. Run by
 * integrations/pagefind.ts after indexing
 * (through writeWarmAnswers(), in a process of its own: the search reads its settings from the environment once).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_BUDGET_MS, WARM_ANSWERS_FILE, bundleIdentity, headWords } from '../src/lib/search/warm-answers.ts';
import { warmMostSearched } from '../src/lib/search/warm-searched.ts';
import { VOCABULARY_FILE } from '../src/lib/search/vocabulary.ts';

/** Runs this script on `bundleDir` in a child process; resolves with how many answers it wrote. */
export function writeWarmAnswers(bundleDir: string): Promise<{ answers: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), bundleDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const answers = Number(/(\d+) answers/.exec(out)?.[1]);
      if (code === 0 && answers >= 0) resolve({ answers, ms: Math.round(performance.now() - started) });
      else reject(new Error(`integrations/warm-answers.ts exited with code ${code}: ${out.trim()}`));
    });
  });
}

if (import.meta.main) {
  const bundleDir = process.argv[2];
  if (!bundleDir) {
    console.error('usage: node integrations/warm-answers.ts BUNDLE_DIR');
    process.exit(2);
  }
  // Computed afresh: the answers of an earlier run on this very index would be read back into the cache.
  rmSync(join(bundleDir, WARM_ANSWERS_FILE), { force: true });
  // Before the search (imported below) reads its settings: this bundle, every core, nothing forgotten or refused, no other warming.
  Object.assign(process.env, {
    SEARCH_BUNDLE_DIR: bundleDir,
    SEARCH_WORKERS: String(Math.min(availableParallelism(), 32)),
    SEARCH_CACHE_SIZE: '100000',
    SEARCH_CACHE_MB: '4096',
    SEARCH_QUEUE_MAX: '100000',
    SEARCH_WARM: 'off',
  });
  const { search, cachedAnswers, closeSearch } = await import('../src/lib/search/index.ts');
  try {
    const vocabulary = JSON.parse(readFileSync(join(bundleDir, VOCABULARY_FILE), 'utf8'));
    // Alone, then with each type, as the server warms what visitors searched; a failed search is left out.
    await warmMostSearched(
      async () => headWords(vocabulary),
      (q, type) => search({ q, type }),
      { budgetMs: BUILD_BUDGET_MS, parallel: Number(process.env.SEARCH_WORKERS) },
    );
    // The costliest first (most pages matched): a server with a smaller cache keeps those.
    const answers = cachedAnswers().sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : 1));
    writeFileSync(
      join(bundleDir, WARM_ANSWERS_FILE),
      `${JSON.stringify({ bundle: bundleIdentity(bundleDir), answers })}\n`,
    );
    console.log(`${answers.length} answers written to ${join(bundleDir, WARM_ANSWERS_FILE)}`);
  } finally {
    await closeSearch();
  }
}
