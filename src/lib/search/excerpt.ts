/**
 * Pagefind's excerpts are page text with `<mark>` around matches; it escapes `<` and `>` but not `&` or quotes.
 * Undo its escaping, then escape everything, so the only markup left is balanced `<mark>` pairs.
 * @example sanitizeExcerpt('a <mark>Q&A</mark> &lt;script&gt;') === 'a <mark>Q&amp;A</mark> &lt;script&gt;'
 */
export function sanitizeExcerpt(excerpt: string): string {
  let out = '';
  let open = false;
  for (const part of excerpt.split(/(<\/?mark>)/)) {
    if (part === '<mark>') {
      if (!open) out += '<mark>';
      open = true;
    } else if (part === '</mark>') {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += escapeHtml(part.replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
    }
  }
  return open ? `${out}</mark>` : out;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
