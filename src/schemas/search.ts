import { z } from 'zod';

/** The kinds of page the site search can filter on (Base.astro's `type`, indexed as a Pagefind filter). */
export const pageTypes = ['course', 'program', 'handbook', 'page'] as const;
export type PageType = (typeof pageTypes)[number];

/** The deepest `offset` a search may ask for. */
export const SEARCH_MAX_OFFSET = 1000;

/** An integer query parameter: digits only, so "1e3", "2.5" and " 3" are refused rather than coerced. */
export const intParam = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,9}$/, 'Expected a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, 'Must not be blank')
      .max(256, 'At most 256 characters')
      .describe('What to search for (1–256 characters after trimming)'),
    type: z.enum(pageTypes).optional().describe('Only pages of this kind: course, program, handbook or page'),
    limit: intParam(1, 50).default(10).describe('How many results to return (1–50, default 10)'),
    // Deep paging is a cost without a reader: nobody reads result 1,000 of a site search, but a scraper can make
    // every query parse a long ranked list (the worker's window is offset + limit).
    offset: intParam(0, SEARCH_MAX_OFFSET)
      .default(0)
      .describe(`How many results to skip, for paging (0–${SEARCH_MAX_OFFSET}, default 0)`),
  })
  .describe('Query parameters of GET /api/search');

/** What callers pass (strings or numbers); `SearchQuery` is what they get after defaults. */
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchResultSchema = z
  .object({
    title: z.string().describe('The page title'),
    url: z.string().describe('Site-relative URL of the page, e.g. "/courses/bib201/"'),
    type: z.enum(pageTypes).describe('The kind of page'),
    excerpt: z
      .string()
      .describe('HTML-safe text around the match; only <mark> tags appear, everything else is escaped'),
    markdownUrl: z.string().describe('The page\'s Markdown twin, e.g. "/courses/bib201.md"'),
    aliases: z
      .array(z.string())
      .optional()
      .describe('Other names the editors gave the page, when it has any, e.g. ["accessibility statement"]'),
  })
  .describe('One page that matched');

export const searchResponseSchema = z
  .object({
    query: z.string().describe('The query as searched (trimmed)'),
    suggestion: z
      .string()
      .optional()
      .describe(
        'Present when a word of the query is not on the site and was corrected to the nearest word that is: the query as searched (show it as "Showing results for …")',
      ),
    total: z.number().int().min(0).describe('How many pages match in all, not only the ones returned'),
    limit: z.number().int().describe('The limit applied'),
    offset: z.number().int().describe('The offset applied'),
    results: z.array(searchResultSchema).describe('The matching pages, best first'),
  })
  .describe(
    "Search results from the site's Pagefind index; an event the query names adds the page that lists it on the day",
  );
export type SearchResponse = z.infer<typeof searchResponseSchema>;
