/**
 * The pages the model reads, cut to a token budget. Tokens are estimated at four characters each (English
 * prose with the tokenizers of Gemini and the usual local models): close enough for a budget, no tokenizer needed.
 */
import type { FoundPage } from './retrieve.ts';

export interface ContextPage {
  title: string;
  url: string;
  text: string;
}

export const CHARS_PER_TOKEN = 4;
/** What the pages may take: small enough for a local model with an 8k window, with room for the conversation. */
export const CONTEXT_TOKEN_BUDGET = 3000;

/**
 * Shares the budget among the pages in rank order: each gets an equal share of what is left, so a short page
 * leaves more for the ones after it. A page is cut at a line break where possible, never mid-word.
 */
export function fitToBudget(
  pages: (FoundPage & { twin: string })[],
  budgetTokens = CONTEXT_TOKEN_BUDGET,
): ContextPage[] {
  let left = budgetTokens * CHARS_PER_TOKEN;
  return pages
    .map((page, i) => {
      const share = Math.floor(left / (pages.length - i));
      const text = cut(page.twin.trim(), share);
      left -= text.length;
      return { title: page.title, url: page.url, text };
    })
    .filter((p) => p.text.length > 0);
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = '\n[…]';
  const room = max - marker.length;
  if (room <= 0) return '';
  const head = text.slice(0, room);
  const lineBreak = head.lastIndexOf('\n');
  const space = head.lastIndexOf(' ');
  const end = lineBreak > room * 0.6 ? lineBreak : space > 0 ? space : room;
  return head.slice(0, end).trimEnd() + marker;
}
