/**
 * Markdown twins: the same course page through our server as HTML (a browser's Accept) and as its negotiated
 * Markdown twin (an agent's Accept), side by side; then how much smaller the twins are than the HTML, over every
 * page of the build.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pageFile } from '../src/lib/site/page-files.ts';
import { fmt, load, ratio, startProcess } from './lib.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const AGENT = 'text/markdown, text/html;q=0.9, */*;q=0.1';

export async function run() {
  const ours = await startProcess('server/index.ts', {}, '/api/health');
  try {
    const page = '/courses/bib201/';
    const html = await load(ours.url + page, { headers: { accept: BROWSER } });
    const markdown = await load(ours.url + page, { headers: { accept: AGENT } });
    console.log(`\nGET ${page} through our server (uncompressed)`);
    console.log(`  HTML (browser Accept)       ${fmt(html)}`);
    console.log(
      `  Markdown (agent Accept)     ${fmt(markdown)}   = ${ratio(markdown, html, 'Markdown twin', 'HTML page')} of HTML (goal ≥ 90%)`,
    );
  } finally {
    await ours.stop();
  }
  sizes();
}

/** Average size of page vs twin over every page with a twin. Tokens are estimated as bytes / 4 (the usual rule of thumb for English text with GPT-style tokenizers), not counted by a tokenizer. */
function sizes() {
  const root = 'dist/client';
  let pages = 0,
    htmlBytes = 0,
    twinBytes = 0;
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const page = pageFile(file);
    if (!page) continue;
    let twin: number;
    try {
      twin = statSync(join(root, page.twinUrl)).size;
    } catch {
      continue;
    }
    pages++;
    htmlBytes += readFileSync(join(root, page.file)).length;
    twinBytes += twin;
  }
  const avgHtml = htmlBytes / pages,
    avgTwin = twinBytes / pages,
    saved = avgHtml - avgTwin;
  console.log(`\nsizes over ${pages} pages (uncompressed)`);
  console.log(`  HTML average      ${Math.round(avgHtml)} bytes ≈ ${Math.round(avgHtml / 4)} tokens`);
  console.log(
    `  twin average      ${Math.round(avgTwin)} bytes ≈ ${Math.round(avgTwin / 4)} tokens (${((avgTwin / avgHtml) * 100).toFixed(1)}% of HTML)`,
  );
  console.log(
    `  saved per page    ${Math.round(saved)} bytes ≈ ${Math.round(saved / 4)} tokens (tokens ≈ bytes / 4, an estimate)`,
  );
}
