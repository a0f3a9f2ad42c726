/**
 * Search terms from a chat question. Pagefind matches pages containing every term of a query, so a whole
 * question ("Can I take Greek online, and what do I need first?") finds almost nothing; its content words do.
 */
/**
 * Contractions, typed with either apostrophe and, on a phone, without one ("whats", "im", "dont"): they say nothing
 * of what is asked, and a word no page holds narrows the search to nothing. Not "ill", "id", "well", "shell", "lets":
 * those are words too ("ill on exam day", "student ID").
 */
const CONTRACTED =
  `i'm i've i'd i'll you're you've you'd we're we've they're they've don't doesn't didn't can't couldn't
won't wouldn't shouldn't isn't aren't wasn't weren't haven't hasn't hadn't what's when's where's who's how's why's
that's there's here's it's let's`.split(/\s+/);
const CONTRACTIONS = [
  ...CONTRACTED,
  ...CONTRACTED.map((w) => w.replace("'", '’')),
  ...CONTRACTED.map((w) => w.replace("'", '')).filter((w) => !['ill', 'id', 'well', 'shell', 'lets'].includes(w)),
];

/**
 * Words that carry no topic. Besides the usual function words, the frame of a visitor's question about the site:
 * "which page explains…", "what happens if…" say how they ask, not what about.
 */
export const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being
below between both but by can could did do does doing done during each either else for from further get gets got had
has have having he her here hers him his how i if in into is it its just know let like may me might more most much
must my need needs no nor not now of off on once only or other our out over own please same she should so some such
take tell than that the their them then there these they thing things this those through to too under until up us
very want was we were what when where which while who whom why will with would yes you your yours first help thanks
thank hello hi
page pages explain explains happen happens cover covers covered covering offer offers one ones`
    .split(/\s+/)
    .concat(CONTRACTIONS),
);

/** Distinct content words, in order of appearance, at most `max`. @example keywords('Can I take Greek online?') → ['greek', 'online'] */
export function keywords(text: string, max = 6): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const seen = new Set<string>();
  for (const raw of words) {
    const word = raw.replace(/['’]s$/, '').replace(/['’-]+$/, '');
    // Longer than any real word: a pasted token or garbage, which would only make the search refuse the query.
    if (word.length < 2 || word.length > 40 || STOPWORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    if (seen.size === max) break;
  }
  return [...seen];
}
