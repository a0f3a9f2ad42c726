/**
 * JSON answers that a client or a shared cache may keep for a short while and revalidate: a strong ETag from the
 * body's hash, and a 304 without a body when `If-None-Match` names it (RFC 9110 §13.1.2). The catalog's answers
 * depend on the request's clock, so they are cached for a minute, not until the next build.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** How long the catalog answers may be reused: "upcoming" is at most this stale. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60';

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** True when an `If-None-Match` value names `etag` (or is `*`); weak comparison, as §13.1.2 asks for GET. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

interface Serialised {
  body: string;
  etag: string;
}

// Answers already made, by a key that names everything they depend on (the query and what of the clock matters):
// the same question again costs a lookup, not a filter, a serialisation and a hash. Bounded in bytes too, so a
// client asking many different queries cannot make it grow past a few megabytes.
const made = new LRUCache<string, Serialised>({
  max: 2000,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (answer, key) => answer.body.length + key.length + 64,
});

/**
 * The answer `make` gives, as JSON with an ETag and a short public cache, or a 304 when the client already has
 * it. `key` names the answer: while it is the same, `make` is not called again (2,000 answers or 8 MB at most,
 * least recently used out).
 */
export function cachedJson(
  request: Request,
  key: string,
  make: () => unknown,
  cacheControl = CATALOG_CACHE_CONTROL,
): Response {
  let answer = made.get(key);
  if (!answer) {
    const body = JSON.stringify(make());
    answer = { body, etag: etagOf(body) };
    made.set(key, answer);
  }
  const headers = { ETag: answer.etag, 'Cache-Control': cacheControl };
  if (matches(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
  return new Response(answer.body, { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
}
