/**
 * A large, deterministic content set for benchmarks: `node scripts/generate-site.ts [--pages 10000] --html DIR`
 * writes prerendered-style pages (the `<article data-pagefind-body>` markup of Base.astro) under DIR and indexes
 * them with Pagefind into DIR/pagefind; `--mdx DIR` writes MDX files with page front matter (title, summary)
 * instead, for benchmarks that want a full Astro build. The same seed always gives the same site.
 * Importable too: generatePages(), writeHtmlSite(), writeMdxPages().
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { indexSite } from '../integrations/pagefind.ts';

export type GeneratedType = 'course' | 'program' | 'handbook' | 'page';
export interface GeneratedPage {
  url: string;
  slug: string;
  type: GeneratedType;
  title: string;
  summary: string;
  paragraphs: string[];
}

// Subject words (rarer, what people search for) and filler words (common, matching most pages).
export const SUBJECTS = (
  'greek hebrew latin aramaic syriac coptic gospel epistle psalms prophets exodus genesis isaiah ' +
  'jeremiah romans corinthians revelation liturgy worship prayer sacrament baptism eucharist chant hymnody choir organ ' +
  'conducting preaching homiletics pastoral counselling chaplaincy mission ethics doctrine trinity christology ' +
  'ecclesiology eschatology reformation patristics augustine aquinas luther calvin wesley byzantine medieval monastic ' +
  'exegesis hermeneutics translation manuscripts archaeology palestine septuagint vulgate canon apocrypha wisdom ' +
  'covenant justification grace atonement resurrection incarnation creation providence spirituality mysticism ' +
  'leadership administration youth family hospital prison scholarship bursary tuition refund transcript placement ' +
  'examination extension plagiarism attendance library archive thesis dissertation seminar tutorial fieldwork'
).split(' ');
/** Queries that match most pages, for benchmarks that want the expensive case. */
export const FILLER_QUERIES = [
  'the',
  'course',
  'students',
  'church history',
  'study',
  'read the texts',
  'christian practice',
  'week',
];
const FILLER = (
  'the of and to in a is that for it as with was on be by this are from or an which you your students ' +
  'course study read week term will can each all their how what also more about into history church christian ' +
  'texts practice theory writing essay work time first second class learn understand introduction advanced'
).split(' ');

/** mulberry32: a tiny seeded PRNG, so every run generates the same site. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatePages(count: number, seed = 42): GeneratedPage[] {
  const random = prng(seed);
  // Zipf-like: a few subjects are very common, most are rare, as in a real catalog.
  const subject = () => SUBJECTS[Math.floor(SUBJECTS.length * random() ** 2.2)];
  const filler = () => FILLER[Math.floor(FILLER.length * random() ** 1.5)];
  // Each page is about two or three subjects, as real pages are; other subjects appear only in passing, so a
  // subject query matches a few percent of the site while filler queries still match most of it.
  let topics: string[] = [];
  const sentence = (words: number) => {
    const out: string[] = [];
    for (let i = 0; i < words; i++)
      out.push(
        random() < 0.15 ? (random() < 0.97 ? topics[Math.floor(random() * topics.length)] : subject()) : filler(),
      );
    return `${out.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const pages: GeneratedPage[] = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const type: GeneratedType = r < 0.4 ? 'course' : r < 0.45 ? 'program' : r < 0.7 ? 'handbook' : 'page';
    const a = subject();
    const b = subject();
    topics = random() < 0.5 ? [a, b] : [a, b, subject()];
    const title =
      type === 'course' ? `GEN${String(i).padStart(5, '0')}: ${cap(a)} and ${cap(b)}` : `${cap(a)} and ${cap(b)} ${i}`;
    const slug = type === 'course' ? `gen${String(i).padStart(5, '0')}` : `${a}-${b}-${i}`;
    const base = { course: '/courses/', program: '/programs/', handbook: '/handbook/', page: '/' }[type];
    const paragraphs = Array.from({ length: 4 + Math.floor(random() * 5) }, () =>
      Array.from({ length: 3 }, () => sentence(8 + Math.floor(random() * 12))).join(' '),
    );
    pages.push({ url: `${base}${slug}/`, slug, type, title, summary: sentence(14), paragraphs });
  }
  return pages;
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page as the site renders it: header and footer outside the indexed article, type and title as attributes. */
function html(page: GeneratedPage): string {
  const title = escape(page.title);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>` +
    '<header><nav><a href="/courses/">Courses</a> <a href="/programs/">Programs</a> <a href="/handbook/">Handbook</a></nav></header>' +
    `<main><article data-page-type="${page.type}" data-page-title="${title}" data-pagefind-body ` +
    'data-pagefind-filter="type[data-page-type]" data-pagefind-meta="title[data-page-title]">' +
    `<h1>${title}</h1><p class="lead">${escape(page.summary)}</p>${page.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}` +
    '</article></main><footer>Northgate Institute of Theology</footer></body></html>'
  );
}

/** Writes the pages as HTML under `dir` (emptied first) and builds the Pagefind bundle in `dir/pagefind`. */
export async function writeHtmlSite(dir: string, pages: GeneratedPage[]) {
  await rm(dir, { recursive: true, force: true });
  for (const page of pages) {
    const folder = join(dir, page.url);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.html'), html(page));
  }
  return indexSite(dir);
}

/** Writes the pages as MDX files (front matter: title, summary) into `dir`, e.g. a content collection folder. */
export async function writeMdxPages(dir: string, pages: GeneratedPage[]) {
  await mkdir(dir, { recursive: true });
  for (const page of pages) {
    const front = `---\ntitle: ${JSON.stringify(page.title)}\nsummary: ${JSON.stringify(page.summary)}\n---\n\n`;
    await writeFile(join(dir, `${page.slug}.mdx`), front + page.paragraphs.join('\n\n') + '\n');
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '10000' },
      html: { type: 'string' },
      mdx: { type: 'string' },
      seed: { type: 'string', default: '42' },
    },
  });
  if (!values.html && !values.mdx) {
    console.error('usage: node scripts/generate-site.ts [--pages 10000] [--seed 42] (--html DIR | --mdx DIR)');
    process.exit(2);
  }
  const pages = generatePages(Number(values.pages), Number(values.seed));
  if (values.mdx) {
    await writeMdxPages(values.mdx, pages);
    console.log(`wrote ${pages.length} MDX pages to ${values.mdx}`);
  }
  if (values.html) {
    const { pages: indexed, ms } = await writeHtmlSite(values.html, pages);
    console.log(`wrote ${pages.length} HTML pages to ${values.html}; indexed ${indexed} in ${ms} ms`);
  }
}
