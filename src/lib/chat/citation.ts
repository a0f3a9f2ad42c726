/**
 * Where on a page a chat source should land: the passage of the page's text (as the model read it) that holds the
 * most of the question's words, linked as the heading it sits under (`#fees-for-2027`) when that heading has an id
 * on the page, or else as a text fragment (`#:~:text=…`, https://wicg.github.io/scroll-to-text-fragment/) of the
 * passage's first words. Either is checked against the page's HTML before it is used, so a link never points at an
 * id or a text the page does not have; when nothing fits, the source links to the page itself.
 */
import { words } from '../search/query-rewrite.ts';
import { rewrittenQuestion } from './per-question.ts';
import { keywords } from './keywords.ts';

/** What a page offers to land on, read from its built HTML once (pageTargets). */
export interface PageTargets {
  /** A heading's text (normalised: see `normalise`) → its id, for the headings of the article that have one. */
  headingIds: ReadonlyMap<string, string>;
  /** The article's text, one line per block (paragraph, list item, cell, heading), normalised. */
  blocks: string;
}

/** A text fragment quotes this many words at most: enough to be unique on a page, short enough to stay in one block. */
const FRAGMENT_WORDS = 8;

/** Lowercase, whitespace collapsed, curly quotes straightened: how browsers compare a text fragment with the page. */
const normalise = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** The few entities Astro and our Markdown write, and every numeric one. */
const decodeEntities = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

// A text fragment matches within one block of the page: these elements start a new one, other tags join their text.
const BLOCK_TAGS =
  /<\/?(?:p|li|ul|ol|dl|dt|dd|td|th|tr|table|thead|tbody|caption|figcaption|figure|h[1-6]|div|section|article|aside|nav|header|footer|blockquote|pre|details|summary|br|hr)\b[^>]*>/gi;

/** The headings with ids and the block text of a built page's article (its `data-pagefind-body`, what is cited). */
export function pageTargets(html: string): PageTargets {
  const article = html.match(/<article\b[^>]*data-pagefind-body[^>]*>([\s\S]*?)<\/article>/)?.[1] ?? '';
  const body = article.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, '');
  const headingIds = new Map<string, string>();
  for (const [, , id, inner] of body.matchAll(/<h([2-6])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    const text = normalise(decodeEntities(inner!.replace(/<[^>]*>/g, '')));
    if (text && !headingIds.has(text)) headingIds.set(text, decodeEntities(id!));
  }
  const blocks = decodeEntities(body.replace(BLOCK_TAGS, '\n').replace(/<[^>]*>/g, ''))
    .split('\n')
    .map(normalise)
    .filter((line) => line !== '')
    .join('\n');
  return { headingIds, blocks };
}

/** One block of a page's Markdown: its plain text and the heading it sits under (undefined before the first ##). */
interface Passage {
  text: string;
  heading?: string;
}

/** Markdown inline syntax away: links to their text, emphasis and code marks, escapes, a list or quote marker. */
function plain(line: string): string {
  return line
    .replace(/^\s*(?:>\s?)+/, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!&|<>~])/g, '$1')
    .trim();
}

/** The passages of a page's Markdown twin (front matter and the H1 left out), each cell of a table its own. */
export function passages(markdown: string): Passage[] {
  const text = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const found: Passage[] = [];
  let heading: string | undefined;
  let paragraph: string[] = [];
  const flush = () => {
    const joined = plain(paragraph.join(' '));
    if (joined) found.push({ text: joined, heading });
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    const title = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (title) {
      flush();
      heading = title[1]!.length === 1 ? undefined : plain(title[2]!);
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      if (/^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/.test(line)) continue; // the row under a table's header
      for (const cell of line.split(/(?<!\\)\|/).slice(1, -1)) {
        const text = plain(cell);
        if (text) found.push({ text, heading });
      }
    } else if (/^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+/.test(line) || line.trim() === '' || line.trim() === '[…]') {
      flush();
      if (line.trim() !== '' && line.trim() !== '[…]') paragraph.push(line);
    } else paragraph.push(line);
  }
  flush();
  return found;
}

/** Crude stem, as the search's intent tiers use: "refund" and "refunds", "semester" and "semesters". */
const stem = (word: string) => word.slice(0, 6);

/** The stems a question asks about: its content words as typed, and as the search reads them (synonyms, numbers). */
export function askedStems(question: string): Set<string> {
  return new Set(
    [...keywords(question, 12), ...rewrittenQuestion(question).words].filter((w) => w.length > 1).map(stem),
  );
}

const stemsOf = (text: string) => new Set(words(text).map(stem));

/** How many of the stems asked (askedStems) a text holds. */
export function askedIn(text: string, asked: ReadonlySet<string>): number {
  const held = stemsOf(text);
  let count = 0;
  for (const w of asked) if (held.has(w)) count++;
  return count;
}

/** True when a page's Markdown twin (front matter and text) holds a stem asked (askedStems). */
export const holdsAWordAsked = (twin: string, asked: ReadonlySet<string>) =>
  words(twin).some((w) => asked.has(stem(w)));

/** A heading and the passages under it (or those before the first heading), with the stems each holds. */
interface Section {
  headingStems: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  passages: { passage: Passage; stems: ReadonlySet<string> }[];
}

// A page's sections, kept per text: the chat cites the same pages again and again, and reading a page into stems
// cost more than the rest of the citation (docs/benchmarks.md, the chat's profile).
const SECTIONS_KEPT = 256;
const sectionsKept = new Map<string, Section[]>();

function sectionsOf(markdown: string): Section[] {
  const kept = sectionsKept.get(markdown);
  if (kept) return kept;
  const groups: Passage[][] = [];
  for (const passage of passages(markdown)) {
    const last = groups.at(-1);
    if (last && last[0]!.heading === passage.heading) last.push(passage);
    else groups.push([passage]);
  }
  const sections = groups.map((group) => ({
    headingStems: stemsOf(group[0]!.heading ?? ''),
    stems: stemsOf(group.map((p) => p.text).join(' ')),
    passages: group.map((passage) => ({ passage, stems: stemsOf(passage.text) })),
  }));
  if (sectionsKept.size >= SECTIONS_KEPT) sectionsKept.delete(sectionsKept.keys().next().value!);
  sectionsKept.set(markdown, sections);
  return sections;
}

/**
 * The passages that best answer the question, best first: the sections (a heading and the passages under it, or the
 * passages before the first heading) holding the most of the asked words, a word of its heading counting twice (a
 * heading says what its passages are about: a fee table's cells under "Summer term"); within each, the passages
 * holding the most (a section whose heading alone holds the words offers its first passage). The first of equals
 * first; none when no passage or heading holds any word asked.
 */
function* bestPassages(sections: readonly Section[], asked: ReadonlySet<string>): Generator<Passage> {
  const scored = sections
    .map((section) => {
      let score = 0;
      for (const w of asked) score += section.headingStems.has(w) ? 2 : section.stems.has(w) ? 1 : 0;
      return { section, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  for (const { section } of scored) {
    const counted = section.passages.map(({ passage, stems }, at) => {
      let count = 0;
      for (const w of asked) if (stems.has(w)) count++;
      return { passage, count, at };
    });
    const holding = counted.filter((p) => p.count > 0).sort((a, b) => b.count - a.count || a.at - b.at);
    yield* (holding.length > 0 ? holding : counted.slice(0, 1)).map((p) => p.passage);
  }
}

/**
 * A text fragment directive for `text`, percent-encoded as the spec asks: every character outside the unreserved
 * set, and "-", "&" and "," which the directive's syntax uses, are escaped.
 * @example textFragment('Weeks 3-4, fees') === '#:~:text=Weeks%203%2D4%2C%20fees'
 */
export const textFragment = (text: string) => `#:~:text=${encodeURIComponent(text).replace(/-/g, '%2D')}`;

/** The first words of a passage, cut at a sentence's end or after FRAGMENT_WORDS words. */
function quote(text: string): string {
  const sentence = text.match(/^.*?[.!?:;](?=\s|$)/)?.[0] ?? text;
  return sentence
    .replace(/[.!?:;]$/, '')
    .split(/\s+/)
    .slice(0, FRAGMENT_WORDS)
    .join(' ')
    .replace(/[,(]$/, '');
}

/**
 * The anchor ('#id', '#:~:text=…', or '' for the page itself) for the passage of `markdown` that best answers a
 * question asking about `asked`, checked against the page's targets.
 */
export function anchorFor(markdown: string, asked: ReadonlySet<string>, targets: PageTargets): string {
  for (const passage of bestPassages(sectionsOf(markdown), asked)) {
    const id = passage.heading ? targets.headingIds.get(normalise(passage.heading)) : undefined;
    if (id) return `#${encodeURIComponent(id)}`;
    const text = quote(passage.text);
    // Found within one block of the page, as the browser will look for it; a passage the page renders otherwise
    // (a fact list's "Department: Pastoral Ministry", generated text, a changed build) is passed over for the next
    // best rather than linked where it lands nowhere.
    // (The quote holds no line break, so a match in the joined blocks is a match within one of them.)
    if (text.split(/\s+/).length >= 2 && targets.blocks.includes(normalise(text))) return textFragment(text);
  }
  return '';
}
