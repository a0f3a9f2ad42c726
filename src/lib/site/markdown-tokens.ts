/**
 * The `x-markdown-tokens` header every Markdown answer carries (as Cloudflare's Markdown for Agents does), so an
 * agent can budget its context before reading. It is an estimate, not a tokenizer's count: about four bytes of
 * UTF-8 per token, the usual rule for English text with common tokenizers (docs/agents.md).
 */
export const MARKDOWN_TOKENS_HEADER = 'x-markdown-tokens';

const BYTES_PER_TOKEN = 4;

/** From the Markdown itself, or from its size in bytes (a file on disk). */
export function estimateTokens(markdown: string | Uint8Array | number): number {
  const bytes =
    typeof markdown === 'number'
      ? markdown
      : typeof markdown === 'string'
        ? Buffer.byteLength(markdown, 'utf8')
        : markdown.byteLength;
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}
