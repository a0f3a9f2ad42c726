// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { markdownTwins } from './integrations/markdown-twins.ts';
import { pagefindIndex } from './integrations/pagefind.ts';
import { pageQuestions } from './integrations/page-questions.ts';
import { precompress } from './integrations/precompress.ts';
import { socialCards } from './integrations/social-cards.ts';
import { authAstro } from './integrations/auth-astro.ts';
import { sharedLib } from './integrations/shared-lib.ts';
import { contentChecks } from './integrations/content-checks.ts';
import { readContentSources } from './integrations/content-sources.ts';

// Absolute URLs in the sitemap need an origin at build time; at request time SITE_URL (or the request's own
// origin) is used instead.
const site = process.env.SITE_URL || 'http://localhost:4321';

/** Page URL → its `updated` date (YYYY-MM-DD), the sitemap's lastmod; read once, when the sitemap is written. */
/** @type {Map<string, string | undefined> | undefined} */
let lastmods;
/** @param {string} url */
const lastmodOf = (url) => {
  lastmods ??= new Map(readContentSources(process.cwd()).map((s) => [s.url, s.updated]));
  return lastmods.get(new URL(url).pathname);
};

export default defineConfig({
  site,
  output: 'static',
  // Middleware mode: server/index.ts owns the HTTP server, static files and headers; Astro renders on-demand routes.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    mdx(),
    // The sitemap lists the public, indexable pages: not the staff area, search results, the pages a mail link opens,
    // or the program comparison (its URL carries a choice).
    // A page's `updated` date becomes its lastmod.
    sitemap({
      filter: (page) =>
        !/^\/(staff|search|newsletter\/(confirm|unsubscribe)|programs\/compare)(\/|$)/.test(new URL(page).pathname),
      serialize: (item) => ({ ...item, lastmod: lastmodOf(item.url) ?? item.lastmod }),
    }),
    // Staff sign-in: auth-astro's build-time part; our route src/pages/api/auth/[...auth].ts serves /api/auth.
    authAstro(),
    // Content links and redirectFrom checked against the written pages; fails the build before anything else runs.
    contentChecks(),
    // A Markdown twin next to every prerendered page (before precompress, so twins are compressed too).
    markdownTwins(),
    pagefindIndex(),
    // The questions each page answers (front matter), beside the search bundle, for the chat's ranking.
    pageQuestions(),
    // The link-preview card of every page (og:image), drawn from what the pages say.
    socialCards(),
    // Keep last: it compresses what the steps before it wrote.
    precompress(),
  ],
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Content images (Markdown `![alt](./photo.jpg)` in MDX) go through astro:assets: resized to a srcset, width and
  // height written so nothing shifts. No responsiveStyles: they would add an inline style the CSP refuses.
  image: { layout: 'constrained' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  // Never inline scripts or assets: the CSP allows scripts from 'self' only, not inline ones.
  // sharedLib(): the server bundle imports src/lib instead of copying it, so server/index.ts and Astro's routes share
  // one instance of each module (integrations/shared-lib.ts).
  vite: { build: { assetsInlineLimit: 0 }, plugins: [sharedLib()] },
  // Astro's origin check answers cross-site form posts with a plain-text 403. The API accepts only JSON (a
  // cross-site JSON POST needs a CORS preflight we never grant) and Auth.js carries its own CSRF token, so the
  // check adds nothing and would break the API's JSON error contract.
  security: { checkOrigin: false },
});
