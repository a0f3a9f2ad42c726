/**
 * The layout on phones and desktops: every page of the sitemap at 320, 390 and 1280 px without sideways scrolling,
 * axe on every page in the dark scheme (accessibility.test.ts covers the light one), the header's menu disclosure
 * by keyboard and without JavaScript, and the chat button clear of every form's submit button and of the page's text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserUnavailable, useSiteInBrowser } from '../helpers/browser.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

function sitemapPaths(): string[] {
  const index = readFileSync('dist/client/sitemap-index.xml', 'utf8');
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return sitemaps.flatMap((sitemap) =>
    [...readFileSync(join('dist/client', sitemap), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]).pathname,
    ),
  );
}

/** How far the page reaches past the viewport's right edge, and the widest element that does. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    let culprit = '';
    if (over > 0) {
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0) {
          culprit = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(r.right)} px)`;
        }
      }
    }
    return { over, culprit };
  });
}

describe.skipIf(browserUnavailable())('layout on phones and desktops', () => {
  const site = useSiteInBrowser();

  it('never scrolls sideways at 320, 390 or 1280 px, on any page of the sitemap', { timeout: 600_000 }, async () => {
    const paths = sitemapPaths();
    expect(paths.length).toBeGreaterThan(50);
    const page = await site.browser.newPage();
    const found: string[] = [];
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(site.server.url + path);
        const { over, culprit } = await overflow(page);
        if (over > 0) found.push(`${path} at ${width} px: ${over} px too wide, e.g. ${culprit}`);
      }
    }
    expect(found).toEqual([]);
  });

  it(
    'finds no axe violations in the dark scheme on any page of the sitemap, on a phone',
    { timeout: 900_000 },
    async () => {
      const page = await site.browser.newPage({ viewport: { width: 390, height: 800 }, colorScheme: 'dark' });
      const found: string[] = [];
      for (const path of sitemapPaths()) {
        await page.goto(site.server.url + path);
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
        found.push(
          ...violations.flatMap((v) => v.nodes.map((n) => `${path}: ${v.id} ${v.help} at ${n.target.join(' ')}`)),
        );
      }
      expect(found).toEqual([]);
    },
  );

  it(
    'finds no axe violations on the home page and a course page at 320 px in either scheme',
    { timeout: 120_000 },
    async () => {
      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await site.browser.newPage({ viewport: { width: 320, height: 700 }, colorScheme });
        for (const path of ['/', '/courses/bib201/', '/programs/']) {
          await page.goto(site.server.url + path);
          const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
          found.push(
            ...violations.flatMap((v) =>
              v.nodes.map((n) => `${colorScheme} ${path}: ${v.id} at ${n.target.join(' ')}`),
            ),
          );
        }
        await page.close();
      }
      expect(found).toEqual([]);
    },
  );

  for (const javaScriptEnabled of [true, false]) {
    it(`opens and closes the phone menu by keyboard ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(site.server.url + '/handbook/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menu = page.locator('.site-menu > summary');
      await expect(nav.isVisible()).resolves.toBe(false);
      await expect(page.getByRole('link', { name: 'Search' }).isVisible()).resolves.toBe(true);
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(nav.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Programs');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/programs/');
      await menu.focus();
      await page.keyboard.press('Space');
      await expect(nav.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Space');
      await expect(nav.isVisible()).resolves.toBe(false);
      await context.close();
    });
  }

  it('shows the menu inline and the search box on a desktop, without JavaScript too', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.server.url + '/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole('searchbox', { name: 'Search the site' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it(
    "keeps the chat button clear of every form's submit button and off the running text, on a phone and a desktop",
    { timeout: 120_000 },
    async () => {
      const found: string[] = [];
      for (const viewport of [
        { width: 320, height: 640 },
        { width: 390, height: 700 },
        { width: 1280, height: 800 },
      ]) {
        const page = await site.browser.newPage({ viewport });
        for (const path of ['/newsletter/', '/register/', '/contact/', '/search/']) {
          await page.goto(site.server.url + path);
          await page.locator('[data-chat-toggle]:not([hidden])').waitFor();
          const toggle = page.locator('.chat-toggle');
          for (const submit of await page.locator('main button[type="submit"]').all()) {
            if (!(await submit.isVisible())) continue;
            // A keyboard user reaches the button by Tab: focusing scrolls it into view, as far as the page lets it.
            await submit.focus();
            const [a, b] = [await submit.boundingBox(), await toggle.boundingBox()];
            if (a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
              found.push(`${path} at ${viewport.width} px: "${await submit.textContent()}" under the chat button`);
            }
          }
          // It does not float over the page: scrolled down, it has gone with the header, so no running text,
          // footer or control is ever under it.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const button = await toggle.boundingBox();
          const scrolled = await page.evaluate(() => window.scrollY);
          if (scrolled > 0 && button && button.y + button.height > 0)
            found.push(`${path} at ${viewport.width} px: the chat button stays on screen while scrolling`);
        }
        await page.close();
      }
      expect(found).toEqual([]);
    },
  );
  it('prints a course, a program and a handbook page without header, chat or footer, links followed by their address', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.emulateMedia({ media: 'print' });
    for (const path of ['/courses/bib201/', '/programs/master-of-divinity/', '/handbook/academic-integrity/']) {
      await page.goto(site.server.url + path);
      await page.locator('[data-chat-toggle]:not([hidden])').waitFor({ state: 'attached' });
      for (const chrome of ['.site-header', '.site-footer', '.chat'])
        await expect(page.locator(chrome).first().isVisible(), `${path} ${chrome}`).resolves.toBe(false);
      await expect(page.locator('article h1').isVisible()).resolves.toBe(true);
      const printed = await page
        .locator('article a[href^="/"]')
        .first()
        .evaluate((a) => ({ href: a.getAttribute('href'), after: getComputedStyle(a, '::after').content }));
      // Chromium reports the rule as written (attr() unresolved) or with the address filled in.
      expect([`" (" attr(href) ")"`, `" (${printed.href})"`], path).toContain(printed.after);
    }
    await page.close();
  });
});
