import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

describe.runIf(browserAvailable())('search page in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('searches from the header box, updates as you type, and is usable with the keyboard alone', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));

    await page.goto(server.url + '/about/');
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
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(server.url + '/search/');
    await page.locator('#search-q').fill('script tag');
    await page.locator('#search-type').selectOption('page');
    await page.waitForFunction(() => document.querySelector('#search-results a')?.getAttribute('href') === '/accessibility/');
    await expect(page.locator('#search-results .search-excerpt').first().textContent()).resolves.toContain('<script>');
    await expect(page.locator('#search-results script').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });
});
