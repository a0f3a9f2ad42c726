/**
 * Chat answers in Markdown for the model stand-ins (`behaviour.words`), cut mid-syntax on purpose so the panel must
 * render while a block is half written: one using every element of the subset the panel renders, one with the
 * hostile cases, one with a link to a page the site does not have.
 */

/** Every element of the subset: emphasis, lists, inline code, a code block, a link to a source and one elsewhere. */
export const EVERY_ELEMENT = [
  '**Biblical Greek I** is taught *onl',
  'ine*.\n\nYou need:\n\n- a laptop\n- `BIB',
  '101` passed first\n\n',
  '1. Register online\n2. Pay the ',
  'fee\n\n',
  '```\nterm: autumn\n',
  'seats: 24\n```\n\n',
  'See [the course page](/courses/bib201) and [a Greek lexicon](https://www.example.org/lexicon).',
];

/** Raw HTML and script links: each must be shown as text (or dropped) and never run. */
export const HOSTILE = [
  'Look: <img src="/x.png" onerror="window.__ran = \'img\'"> and <script>window.__ran = \'script\'</script>\n\n',
  "[click me](javascript:window.__ran='link') or <a href=\"javascript:window.__ran='a'\">this</a>",
  " or [that](JAVASCRIPT:window.__ran='caps')\n\n",
  '<div onmouseover="window.__ran=\'div\'">a block of HTML</div>\n\n',
  '<iframe src="javascript:window.__ran=\'frame\'"></iframe>\n\n',
  '![a picture](https://www.example.org/x.png) and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==).',
];

/** A link to the source, one to a page the model invented, and one to a real page that is not a source. */
export const INVENTED_LINK = [
  'Greek is [BIB201](/courses/bib201/); Hebrew is [HEB999](/courses/heb999/) ',
  'and the [About page](/about/) says more.',
];

/** A long answer: `n` numbered paragraphs, each in a few pieces, with a list now and then. */
export function longAnswer(n: number): string[] {
  return Array.from({ length: n }, (_, i) => [
    `Paragraph ${i + 1} has **some `,
    `bold** and *some* `,
    i % 10 === 9 ? `text.\n\n- item ${i + 1}a\n- item ${i + 1}b\n\n` : 'text.\n\n',
  ]).flat();
}
