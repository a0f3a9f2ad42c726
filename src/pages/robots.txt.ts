import type { APIRoute } from 'astro';

/** Robots may read everything public; the staff area is off limits. */
export const GET = (({ site }) => new Response(
  `User-agent: *\nDisallow: /staff\nDisallow: /api/\nAllow: /api/health\n\nSitemap: ${new URL('/sitemap-index.xml', site)}\n`,
  { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
)) satisfies APIRoute;
