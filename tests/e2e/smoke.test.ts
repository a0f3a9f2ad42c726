import { describe, expect, it } from 'vitest';
import { browserUnavailable, useSiteInBrowser } from '../helpers/browser.ts';

describe.skipIf(browserUnavailable())('browser smoke test', () => {
  const site = useSiteInBrowser();

  it('renders the home page and navigates to a course without console errors', async () => {
    const page = await site.browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));

    await page.goto(site.server.url + '/');
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Northgate');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await page.waitForURL('**/courses/');
    await page.getByRole('link', { name: 'Biblical Greek I' }).first().click();
    await page.waitForURL('**/courses/bib201/');
    await expect(page.locator('h1').textContent()).resolves.toContain('BIB201');
    await page.getByRole('link', { name: /BIB101/ }).click();
    await page.waitForURL('**/courses/bib101/');
    expect(problems).toEqual([]);
  });

  it('lets a keyboard user skip to the content', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.server.url + '/handbook/');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
  });
});
