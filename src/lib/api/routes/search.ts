/** Full-text search over the site's pages. */
import { searchQuerySchema, searchResponseSchema } from '../../../schemas/search.ts';
import { policyText, rateLimitPolicies } from '../../limits/policies.ts';
import { searchClickSchema } from '../../../schemas/insights.ts';
import { GET_HEAD, postErrors, rateLimitHeaders, retryAfter, type Route, insightAccepted } from '../route.ts';

const searchLimit = rateLimitPolicies.search;
const insightsLimit = rateLimitPolicies.insights;

export const searchRoutes: Route[] = [
  {
    path: '/api/search',
    methods: GET_HEAD,
    rateLimit: searchLimit,
    operations: {
      get: {
        operationId: 'searchSite',
        tags: ['search'],
        summary: "Search the site's pages",
        description:
          "Full-text search over courses, programs, handbook pages and the institute's pages (the Pagefind index built with the site). " +
          `${policyText(searchLimit)} Only searches not answered from the server's cache count (the same search again is free), ` +
          'together with the MCP tool search_site.',
        query: searchQuerySchema,
        responses: {
          200: {
            description: 'Matching pages, best first',
            headers: rateLimitHeaders,
            schema: searchResponseSchema,
            example: {
              query: 'greek',
              total: 3,
              limit: 10,
              offset: 0,
              results: [
                {
                  title: 'BIB201: Biblical Greek I',
                  url: '/courses/bib201/',
                  type: 'course',
                  excerpt: 'An introduction to <mark>Greek</mark> grammar…',
                  markdownUrl: '/courses/bib201.md',
                },
              ],
            },
          },
          400: { description: 'A parameter is missing or invalid; `issues` lists each', codes: ['INVALID_QUERY'] },
          429: {
            description: 'Over the search limit for this client',
            codes: ['RATE_LIMITED'],
            headers: { ...rateLimitHeaders, ...retryAfter },
          },
          500: { description: 'Something unexpected; no internals in the body', codes: ['INTERNAL_ERROR'] },
          503: {
            description: 'Every search worker is busy and the queue is full; retry after `Retry-After` seconds',
            codes: ['SEARCH_UNAVAILABLE'],
            headers: { ...rateLimitHeaders, ...retryAfter },
          },
        },
      },
    },
  },
  {
    // The search page's beacon (navigator.sendBeacon) when a result is clicked: counts for /staff/insights.
    path: '/api/search/clicks',
    methods: ['POST'],
    rateLimit: insightsLimit,
    bodyLimit: 1024,
    operations: {
      post: {
        operationId: 'recordSearchClick',
        tags: ['search'],
        summary: 'Count a click on a search result',
        description:
          'Sent by the search page when a visitor follows a result, so editors see which searches lead somewhere ' +
          '(docs/insights.md). Only the normalised query (email addresses and phone numbers removed), the day and the rank are ' +
          `counted; nothing about the visitor is kept. With INSIGHTS=off the click is accepted and dropped. ${policyText(insightsLimit)}`,
        request: { schema: searchClickSchema, example: { query: 'greek', rank: 1 } },
        responses: {
          202: insightAccepted,
          400: {
            description: 'The body is not valid JSON or not a click',
            codes: ['INVALID_BODY'],
            headers: rateLimitHeaders,
          },
          ...postErrors,
        },
      },
    },
  },
];
