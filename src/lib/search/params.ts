import { ApiError } from '../http/api-error.ts';
import type { ApiIssue } from '../../schemas/api-error.ts';
import { SEARCH_MAX_OFFSET, searchQuerySchema, type SearchQuery } from '../../schemas/search.ts';

const PARAMS = ['q', 'type', 'limit', 'offset'] as const;

/**
 * The query string of GET /api/search, validated; anything wrong is a 400 INVALID_QUERY listing each bad parameter.
 * A parameter given twice is refused rather than guessed at.
 * @example parseSearchParams(new URLSearchParams('q=greek&limit=5')) // { q: 'greek', limit: 5, offset: 0 }
 */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  const issues: { path: string; message: string }[] = [];
  for (const name of PARAMS) {
    const values = params.getAll(name);
    if (values.length > 1) issues.push({ path: name, message: 'Give this parameter once' });
    else if (values.length === 1 && (name === 'q' || values[0] !== '')) raw[name] = values[0];
  }
  const result = searchQuerySchema.safeParse(raw);
  if (!result.success) {
    for (const i of result.error.issues) {
      const path = i.path.join('.');
      if (issues.some((known) => known.path === path)) continue;
      issues.push({ path, message: path === 'q' && i.code === 'invalid_type' ? 'Required' : i.message });
    }
  }
  if (issues.length > 0 || !result.success) throw invalidQuery(issues);
  return result.data;
}

/** 400 INVALID_QUERY naming each bad parameter. */
export const invalidQuery = (issues: ApiIssue[]) =>
  new ApiError(400, 'INVALID_QUERY', `Invalid search parameters: ${issues.map((i) => i.path).join(', ')}.`, {
    resolution: `Send q (1–256 characters), and optionally type (course, program, handbook, page), limit (1–50) and offset (0–${SEARCH_MAX_OFFSET}).`,
    issues,
  });
