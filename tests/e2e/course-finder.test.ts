import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserUnavailable, useSiteInBrowser } from '../helpers/browser.ts';
import { courses, terms } from '../helpers/catalog-data.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const codes = (keep: (c: (typeof courses)[number]) => boolean) =>
  courses
    .filter(keep)
    .map((c) => c.code)
    .sort();
const visibleCodes = (page: Page) =>
  page.$$eval('[data-code]', (cards) =>
    cards
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .map((c) => (c as HTMLElement).dataset.code!)
      .sort(),
  );

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${v.help} at ${n.target.join(' ')}`));
  expect(found, found.join('\n')).toEqual([]);
}

describe.skipIf(browserUnavailable())('the course finder in a browser', () => {
  const site = useSiteInBrowser();

  it('filters as the visitor chooses, keeps the filters in a shareable URL, and goes back step by step', async () => {
    const page = await site.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto(`${site.server.url}/courses/`);
    await expect(page.locator('#finder-status').textContent()).resolves.toBe(`All ${courses.length} courses.`);

    await page.getByLabel('Delivery').selectOption('online');
    await page.waitForURL('**/courses/?delivery=online');
    expect(await visibleCodes(page)).toEqual(codes((c) => c.delivery === 'online'));

    const spring = terms.find((t) => t.name === 'Spring 2027')!;
    await page.getByLabel('Term').selectOption({ label: 'Spring 2027' });
    await page.waitForURL(`**/courses/?delivery=online&term=${spring.id}`);
    const both = codes((c) => c.delivery === 'online' && c.terms.includes(spring.id));
    expect(both.length).toBeGreaterThan(0);
    expect(await visibleCodes(page)).toEqual(both);
    await expect(page.locator('#finder-status').textContent()).resolves.toBe(
      `${both.length} of ${courses.length} courses match.`,
    );

    // The shared link opens with the same filters chosen and the same courses shown.
    const shared = await site.browser.newPage();
    await shared.goto(page.url());
    await expect(shared.getByLabel('Delivery').inputValue()).resolves.toBe('online');
    await expect(shared.getByLabel('Term').inputValue()).resolves.toBe(spring.id);
    expect(await visibleCodes(shared)).toEqual(both);

    // Back undoes the term, then the delivery.
    await page.goBack();
    await page.waitForURL('**/courses/?delivery=online');
    await expect(page.getByLabel('Term').inputValue()).resolves.toBe('');
    expect(await visibleCodes(page)).toEqual(codes((c) => c.delivery === 'online'));
    await page.goBack();
    await page.waitForURL('**/courses/');
    expect(await visibleCodes(page)).toEqual(codes(() => true));

    // Free text and open registration narrow further, with the API's rule.
    await page.getByLabel('Words').fill('greek');
    await page.waitForURL('**/courses/?q=greek');
    const api = await (await fetch(`${site.server.url}/api/courses?q=greek&limit=100`)).json();
    expect(await visibleCodes(page)).toEqual(api.results.map((c: { code: string }) => c.code).sort());
    await page.getByLabel('Registration open').check();
    await page.waitForURL('**/courses/?q=greek&registrationOpen=true');
    const open = await (await fetch(`${site.server.url}/api/courses?q=greek&registrationOpen=true&limit=100`)).json();
    expect(await visibleCodes(page)).toEqual(open.results.map((c: { code: string }) => c.code).sort());
    expect(problems).toEqual([]);
  });

  it('goes from a course page to the registration form with the course and term filled in', async () => {
    const page = await site.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.server.url}/courses/bib201/`);
    await page.getByRole('link', { name: 'Register for BIB201 in Spring 2027' }).click();
    await page.waitForURL('**/register/?term=2027-spring&course=BIB201');
    await expect(page.getByLabel('Term').inputValue()).resolves.toBe('2027-spring');
    await expect(page.locator('input[name="courses"][value="BIB201"]').isChecked()).resolves.toBe(true);
    await expect(page.locator('input[name="courses"]:checked').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  });

  it('lists every course without JavaScript, and hides the filters it could not run', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/courses/?delivery=online`);
    expect(await visibleCodes(page)).toEqual(codes(() => true));
    await expect(page.locator('#course-finder').isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('has no axe violations in its states, light and dark', { timeout: 120_000 }, async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await site.browser.newPage({ colorScheme });
      await page.goto(`${site.server.url}/courses/`);
      await expectNoViolations(page, `${colorScheme}, all courses`);
      await page.goto(`${site.server.url}/courses/?delivery=online&term=2027-spring&registrationOpen=true`);
      await expectNoViolations(page, `${colorScheme}, filtered`);
      await page.goto(`${site.server.url}/courses/?q=no-such-words`);
      await expect(page.locator('#finder-none').isVisible()).resolves.toBe(true);
      await expectNoViolations(page, `${colorScheme}, no match`);
      await page.close();
    }
  });

  it('is never wider than a 320 px phone, nor is any page this work touched', async () => {
    const page = await site.browser.newPage({ viewport: { width: 320, height: 640 } });
    const paths = [
      '/courses/',
      '/courses/?delivery=online',
      '/courses/bib201/',
      '/events/',
      '/events/archive/',
      '/handbook/key-dates/',
      '/handbook/academic-calendar/',
      '/register/?term=2027-spring&course=BIB201',
      '/',
    ];
    for (const path of paths) {
      await page.goto(`${site.server.url}${path}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(320);
    }
  });
});
