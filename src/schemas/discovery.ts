/**
 * Shapes of the discovery documents and of the MCP tools' inputs. The tool inputs reuse the search schema's
 * fields, so the API and the MCP server accept the same values.
 */
import { z } from 'zod';
import { CHAT_MAX_USER_TEXT } from './chat.ts';
import { searchQuerySchema } from './search.ts';

const link = z.object({
  href: z.url().describe('Absolute URL of the target'),
  type: z.string().optional().describe('Media type of the target, e.g. "application/json"'),
  title: z.string().optional(),
});

/** RFC 9264 linkset as RFC 9727 uses it: one entry per API, anchored at the API's base. */
export const apiCatalogSchema = z
  .object({
    linkset: z.array(
      z.object({
        anchor: z.url().describe('Base URL of the API, e.g. "https://northgate.example/api/"'),
        'service-desc': z.array(link).describe('Machine-readable description: the OpenAPI document'),
        'service-doc': z.array(link).describe('Documentation for people: /developers'),
        status: z.array(link).describe('Health probe: /api/health'),
      }),
    ),
  })
  .describe('API catalog (RFC 9727): an RFC 9264 linkset');

export const searchSiteInput = z.object({
  query: searchQuerySchema.shape.q,
  type: searchQuerySchema.shape.type,
  limit: searchQuerySchema.shape.limit,
});

export const getPageInput = z.object({
  path: z
    .string()
    .min(1)
    .max(300)
    .describe(
      'Site path of a public page, e.g. "/courses/bib201/" (or its twin, "/courses/bib201.md"); "/" is the homepage',
    ),
});

export const askSiteInput = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .max(CHAT_MAX_USER_TEXT)
    .describe('A question about the institute, e.g. "Can I study Greek online?"'),
});

export const askSiteOutput = z.object({
  answer: z.string().describe('The answer, in Markdown'),
  sources: z
    .array(z.object({ url: z.string(), title: z.string().optional() }))
    .describe('Pages the answer is grounded on'),
});
