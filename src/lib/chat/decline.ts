/**
 * What the chat says, without calling the model, when the site does not cover a question: plainly that it does
 * not, which office to write to (from the site's own contact page, so it never goes stale), and the site search.
 */
import { SITE_NAME } from '../site.ts';
import { words } from '../search/query-rewrite.ts';

export interface Office {
  who: string;
  forWhat: string;
  email: string;
}

/** The page whose table lists the offices (src/content/pages/contact.mdx: Who | For | Email). */
export const CONTACT_TWIN = '/contact.md';
export const CONTACT_PAGE = '/contact/';
const GENERAL = /general|anything else/i;

/** The offices in the contact page's Markdown twin: every table row with an email address. */
export function officesFrom(contactMarkdown: string | undefined): Office[] {
  const offices: Office[] = [];
  for (const line of (contactMarkdown ?? '').split('\n')) {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .filter((c, i, all) => i > 0 && i < all.length - 1);
    const email = cells[2]?.match(/[\w.+-]+@[\w.-]+\.\w+/)?.[0];
    if (cells.length === 3 && email) offices.push({ who: cells[0], forWhat: cells[1], email });
  }
  return offices;
}

/** Crude stem, enough to match "transcript" with "transcripts" and "refund" with "refunds". */
const stem = (word: string) => word.slice(0, 6);

/** The office whose remit shares the most words with the question; the general enquiries office otherwise. */
export function officeFor(question: string, offices: Office[]): Office | undefined {
  const asked = new Set(
    words(question)
      .filter((w) => w.length > 3)
      .map(stem),
  );
  let best: Office | undefined;
  let bestShared = 0;
  for (const office of offices) {
    const shared = words(`${office.who} ${office.forWhat}`).filter((w) => asked.has(stem(w))).length;
    if (shared > bestShared) {
      best = office;
      bestShared = shared;
    }
  }
  return best ?? offices.find((o) => GENERAL.test(`${o.who} ${o.forWhat}`)) ?? offices.at(-1);
}

/**
 * The decline, in Markdown, with absolute links.
 * @example declineText('How tall is Everest?', offices, 'https://northgate.example')
 */
export function declineText(question: string, offices: Office[], origin: string): string {
  const office = officeFor(question, offices);
  const contact = new URL(CONTACT_PAGE, origin).href;
  const searchUrl = new URL('/search/', origin);
  const q = question.trim().slice(0, 100);
  if (q) searchUrl.searchParams.set('q', q);
  const write = office
    ? `If your question is about the institute, write to ${office.who} at ${office.email} (see [Contact us](${contact}))`
    : `If your question is about the institute, see [Contact us](${contact})`;
  return (
    `I'm sorry, this website does not cover that, so I can't answer it: I can only answer questions about ` +
    `${SITE_NAME} from its own pages. ${write}, or [search the site](${searchUrl.href}).`
  );
}
