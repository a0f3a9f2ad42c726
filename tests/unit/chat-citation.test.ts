import { describe, expect, it } from 'vitest';
import {
  anchorFor,
  askedStems,
  holdsAWordAsked,
  pageTargets,
  passages,
  textFragment,
} from '../../src/lib/chat/citation.ts';

const twin = `---
title: "Refunds"
url: "/handbook/refunds/"
---

# Refunds

If you **drop** a course, you may be entitled to a [refund](/handbook/refunds.md) of tuition.

## Summer term

| When you drop | Tuition refunded |
| - | - |
| Week 2 | 50 percent |

## How refunds are paid

- Refunds are paid to the card or account you paid from, within 30 days.
`;

const html = `<html><body><nav><h2 id="nav-x">Refunds paid</h2></nav>
<article data-page-type="handbook" data-pagefind-body>
<h1>Refunds</h1>
<p>If you <strong>drop</strong> a course, you may be entitled to a <a href="/handbook/refunds/">refund</a> of tuition.</p>
<h2 id="summer-term">Summer term</h2>
<table><tr><th>When you drop</th><th>Tuition refunded</th></tr><tr><td>Week 2</td><td>50 percent</td></tr></table>
<h2>How refunds are paid</h2>
<ul><li>Refunds are paid to the card or account you paid from, within 30&nbsp;days.</li></ul>
</article></body></html>`;

describe('citation anchors', () => {
  const targets = pageTargets(html);

  it('reads the headings with ids and the block text of the article only', () => {
    expect([...targets.headingIds]).toEqual([['summer term', 'summer-term']]);
    expect(targets.blocks.split('\n')).toContain('if you drop a course, you may be entitled to a refund of tuition.');
    expect(targets.blocks).not.toContain('refunds paid\n');
  });

  it('splits a twin into plain passages under their headings, a table cell each', () => {
    expect(passages(twin)).toEqual([
      { text: 'If you drop a course, you may be entitled to a refund of tuition.', heading: undefined },
      { text: 'When you drop', heading: 'Summer term' },
      { text: 'Tuition refunded', heading: 'Summer term' },
      { text: 'Week 2', heading: 'Summer term' },
      { text: '50 percent', heading: 'Summer term' },
      {
        text: 'Refunds are paid to the card or account you paid from, within 30 days.',
        heading: 'How refunds are paid',
      },
    ]);
  });

  it('links to the heading the best passage sits under, when it has an id', () => {
    expect(anchorFor(twin, askedStems('How much is refunded if I drop in the summer term?'), targets)).toBe(
      '#summer-term',
    );
  });

  it('quotes the passage as a text fragment when its heading has no id, or it has no heading', () => {
    expect(anchorFor(twin, askedStems('When are refunds paid to my card?'), targets)).toBe(
      textFragment('Refunds are paid to the card or account'),
    );
    expect(anchorFor(twin, askedStems('Am I entitled to money if I drop a course?'), targets)).toBe(
      textFragment('If you drop a course, you may be'),
    );
  });

  it('passes over a passage the page does not show as quoted for the next best one', () => {
    // A fact line quotes as one word ("Deadline"), too short to land on: the next passage is quoted.
    const facts = `# Refunds\n\nDeadline: week 2\n\nEvery refund is paid within 30 days.\n`;
    const rendered = pageTargets(
      '<article data-pagefind-body><dl><dt>Deadline</dt><dd>week 2</dd></dl><p>Every refund is paid within 30 days.</p></article>',
    );
    expect(anchorFor(facts, askedStems('refund deadline'), rendered)).toBe(
      textFragment('Every refund is paid within 30 days'),
    );
  });

  it('gives no anchor when no passage holds a word asked, or the page does not show the quoted text', () => {
    expect(anchorFor(twin, askedStems('Where is the library?'), targets)).toBe('');
    const other = pageTargets('<article data-pagefind-body><p>Something else entirely.</p></article>');
    expect(anchorFor(twin, askedStems('When are refunds paid to my card?'), other)).toBe('');
  });

  it('tells whether a page holds a word asked, in its text or its front matter', () => {
    expect(holdsAWordAsked(twin, askedStems('When is my refund paid?'))).toBe(true);
    expect(
      holdsAWordAsked('---\naliases: ["money back"]\n---\n# Refunds', askedStems('Can I get my money back?')),
    ).toBe(true);
    expect(holdsAWordAsked(twin, askedStems('Where is the library?'))).toBe(false);
  });

  it('encodes a text fragment as the spec asks: the directive syntax characters escaped', () => {
    expect(textFragment('Weeks 3-4, fees & rooms')).toBe('#:~:text=Weeks%203%2D4%2C%20fees%20%26%20rooms');
    expect(decodeURIComponent(textFragment('Koinē Greek').slice('#:~:text='.length))).toBe('Koinē Greek');
  });
});
