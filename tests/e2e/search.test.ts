import { describe, expect, it } from 'vitest';
import { browserUnavailable, useSiteInBrowser } from '../helpers/browser.ts';

describe.skipIf(browserUnavailable())('search page in a browser', () => {
  const site = useSiteInBrowser();

  it('searches from the header box, updates as you type, and is usable with the keyboard alone', async () => {
    const page = await site.browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));

    await page.goto(site.server.url + '/about/');
    await page.getByRole('search').getByLabel('Search the site').fill('greek');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search/?q=greek');
    await expect(page.locator('#search-status').textContent()).resolves.toMatch(/pages match “greek”/);

    // Type a new query: the script fetches /api/search and replaces the results without a page load.
    const input = page.locator('#search-q');
    await input.fill('');
    await input.pressSequentially('hebrew');
    await page.waitForFunction(() => document.getElementById('search-status')?.textContent?.includes('“hebrew”'));
    expect(page.url()).toContain('q=hebrew');
    const first = page.locator('#search-results li > a').first();
    await expect(first.textContent()).resolves.toMatch(/Hebrew/);
    await expect(page.locator('#search-results mark').first().textContent()).resolves.toMatch(/hebrew/i);

    // Down arrow moves from the box into the results, Enter follows the link.
    await input.focus();
    await page.keyboard.press('ArrowDown');
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    expect(href).toMatch(/^\/[a-z]/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(href);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    expect(problems).toEqual([]);
  });

  it('filters by type and shows escaped excerpts as text', async () => {
    const page = await site.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto(site.server.url + '/search/');
    await page.locator('#search-q').fill('script tag');
    await page.locator('#search-type').selectOption('page');
    await page.waitForFunction(
      () => document.querySelector('#search-results a')?.getAttribute('href') === '/accessibility/',
    );
    await expect(page.locator('#search-results .search-excerpt').first().textContent()).resolves.toContain('<script>');
    await expect(page.locator('#search-results script').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });

  it('searches what the visitor typed and chose before the script arrived', async () => {
    const page = await site.browser.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/search-page.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.server.url + '/search/');
    await page.locator('#search-q').fill('script tag');
    await page.locator('#search-type').selectOption('page');
    release();
    await page.waitForFunction(() => document.getElementById('search-status')?.textContent?.includes('“script tag”'));
    await expect(page.locator('#search-results li > a').first().getAttribute('href')).resolves.toBe('/accessibility/');
  });

  it('asks again once when the instance is busy (503 with Retry-After), instead of showing an error', async () => {
    const page = await site.browser.newPage();
    let calls = 0;
    await page.route('**/api/search?*', (route) =>
      ++calls === 1
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
            body: JSON.stringify({ error: { code: 'SEARCH_UNAVAILABLE', message: 'The search is busy.' } }),
          })
        : route.continue(),
    );
    await page.goto(site.server.url + '/search/');
    await page.locator('#search-q').fill('hebrew');
    await page.waitForFunction(() => document.getElementById('search-status')?.textContent?.includes('“hebrew”'));
    await expect(page.locator('#search-status').textContent()).resolves.toMatch(/pages? match/);
    expect(calls).toBe(2);
  });
});
