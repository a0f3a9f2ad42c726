import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../../server/negotiate.ts';

describe('prefersMarkdown (RFC 9110 negotiation between text/html and text/markdown)', () => {
  it.each([
    ['text/markdown, text/html, */*', 'an agent listing Markdown first'],
    [
      'text/markdown;q=1.0, text/x-markdown;q=0.9, text/plain;q=0.8, text/html;q=0.7, */*;q=0.1',
      'an agent with explicit q values',
    ],
    ['text/html;q=0.5, text/markdown;q=0.9', 'a higher q listed second'],
    ['text/markdown', 'Markdown only'],
    ['text/markdown;q=0.5, text/html;q=0.5', 'a tie in q, Markdown listed first'],
    ['text/html;q=0, */*', 'HTML refused'],
  ])('answers Markdown for %j (%s)', (accept, _who) => {
    expect(prefersMarkdown(accept)).toBe(true);
  });

  it.each([
    [
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'Chromium',
    ],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'Firefox and Safari'],
    ['*/*', 'curl and most HTTP libraries'],
    ['text/*', 'a wildcard that matches both equally'],
    ['text/html, text/markdown', 'a tie, HTML listed first'],
    ['', 'an empty header'],
    [undefined, 'no header'],
  ])('answers HTML for %j (%s)', (accept, _who) => {
    expect(prefersMarkdown(accept)).toBe(false);
  });
});
