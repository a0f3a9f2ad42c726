import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config.ts';

// Rendered per request so CONTENT_SIGNAL is read where the server runs, not where it was built.
export const prerender = false;

/**
 * Robots may read everything public; the staff area is off limits. Content-Signal (contentsignals.org) says what
 * the pages may be used for: search, AI answers (ai-input), model training (ai-train); CONTENT_SIGNAL sets it.
 */
export const GET = (({ site }) =>
  new Response(
    `User-agent: *\nContent-Signal: ${getConfig().CONTENT_SIGNAL}\nDisallow: /staff\nDisallow: /api/\nAllow: /api/health\n\n` +
      `Sitemap: ${new URL('/sitemap-index.xml', site)}\n`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  )) satisfies APIRoute;
