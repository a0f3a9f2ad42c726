/** The program comparison: chosen with a plain form, the choice in the URL, side by side, without JavaScript too. */
import { describe, expect, it } from 'vitest';
import { browserUnavailable, useSiteInBrowser } from '../helpers/browser.ts';

describe.skipIf(browserUnavailable())('comparing programs', () => {
  const site = useSiteInBrowser();

  for (const javaScriptEnabled of [true, false]) {
    it(`compares two programs chosen on the form, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(site.server.url + '/programs/');
      await page.getByRole('link', { name: 'Compare programs side by side' }).click();
      await page.getByLabel('Master of Divinity', { exact: true }).check();
      await page.getByLabel('Bachelor of Theology', { exact: true }).check();
      await page.getByRole('button', { name: 'Compare' }).click();
      await page.waitForURL(/program=/);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/programs/compare/');
      expect(url.searchParams.getAll('program').sort()).toEqual(['bachelor-of-theology', 'master-of-divinity']);
      const table = page.getByRole('table');
      const headers = await table.locator('thead th').allTextContents();
      expect(headers).toEqual(['Bachelor of Theology', 'Master of Divinity']);
      const rows = await table.locator('tbody th').allTextContents();
      expect(rows).toEqual(['Credential', 'Length', 'Delivery', 'Credits', 'Courses', 'Entry requirements']);
      const entry = await table.locator('tbody tr').last().locator('td').allTextContents();
      expect(entry[1]).toContain("bachelor's degree");
      expect(entry[1]).toContain('church');
      // The choice survives a reload: the checkboxes show it.
      await page.reload();
      await expect(page.getByLabel('Master of Divinity', { exact: true }).isChecked()).resolves.toBe(true);
      await context.close();
    });
  }

  it('shows three programs from a shared URL, ignores unknown ones, and asks for a second when one is chosen', async () => {
    const page = await site.browser.newPage();
    await page.goto(
      site.server.url +
        '/programs/compare/?program=certificate-sacred-music&program=nope&program=diploma-biblical-languages&program=master-of-divinity',
    );
    await expect(page.locator('table.compare thead th').allTextContents()).resolves.toEqual([
      'Certificate in Sacred Music',
      'Diploma in Biblical Languages',
      'Master of Divinity',
    ]);
    await expect(page.locator('table.compare').textContent()).resolves.toContain('read music');
    await page.goto(site.server.url + '/programs/compare/?program=master-of-divinity');
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toContain(
      'Choose at least one more program',
    );
    await expect(page.locator('table.compare').count()).resolves.toBe(0);
    await page.close();
  });
});
