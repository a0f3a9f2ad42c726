/**
 * axe-core over every page in the sitemap and over the states a visitor reaches (chat answer, search results,
 * form errors, the staff area signed in). A violation fails the test, listed with its rule, target and help URL.
 * One server (with every optional part configured), one browser, one page reused for the public pages.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser } from '../helpers/browser.ts';
import { startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { EVERY_ELEMENT } from '../helpers/markdown-answers.ts';
import { startIdp, type TestIdp } from '../helpers/oidc-idp.ts';
import { seedSubmissions } from '../helpers/seed-submissions.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';

/** WCAG 2.2 AA (every level-A and AA rule since 2.0) and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The sitemap's page paths, from the build (its absolute URLs carry the build-time origin, not the test server's). */
function sitemapPaths(): string[] {
  const index = readFileSync('dist/client/sitemap-index.xml', 'utf8');
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return sitemaps.flatMap((sitemap) =>
    [...readFileSync(join('dist/client', sitemap), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]).pathname,
    ),
  );
}

/** The page's violations, one line per rule and element: `where: rule (impact) help <helpUrl> at target`. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of opening a blank page to assemble each result: about half
  // the time per check, and the site has no frames that would need the newer mode.
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  return found.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} <${v.helpUrl}> at ${n.target.join(' ')}${n.failureSummary ? `\n    ${n.failureSummary.replace(/\n/g, '\n    ')}` : ''}`,
    ),
  );
}

/** Fails with every violation listed, so one run shows all that needs fixing. */
function expectNone(found: string[]) {
  expect(found.length, `axe found ${found.length} violation(s):\n${found.join('\n')}`).toBe(0);
}

describe.skipIf(browserUnavailable())('accessibility (axe, WCAG 2.2 AA and best practices)', () => {
  let gemini: StandIn & { baseUrl: string };
  let idp: TestIdp;
  let server: RunningServer;
  let browser: Browser;
  /** Reused for every sitemap page; each visitor state below gets a fresh page, so one cannot disturb the next. */
  let page: Page;

  beforeAll(async () => {
    [gemini, idp] = await Promise.all([
      startGeminiStandIn({ words: ['Yes, ', 'Biblical Greek I ', 'is taught online.'] }),
      startIdp(),
    ]);
    const oidc = idp.addClient();
    const dataDir = mkdtempSync(join(tmpdir(), 'institute-axe-'));
    await seedSubmissions(dataDir);
    [server, browser] = await Promise.all([
      startServer({
        DATA_DIR: dataDir,
        RATE_LIMIT_DISABLED: '1',
        GOOGLE_GENERATIVE_AI_API_KEY: 'test-key',
        GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
        AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
        STAFF_EMAIL_DOMAINS: 'northgate.example',
        AUTH_OIDC_ISSUER: idp.issuer,
        AUTH_OIDC_ID: oidc.clientId,
        AUTH_OIDC_SECRET: oidc.clientSecret,
        AUTH_OIDC_NAME: 'Northgate SSO',
      }),
      launchBrowser(),
    ]);
    oidc.allowRedirect(`${server.url}/api/auth/callback/oidc`);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), gemini?.close(), idp?.close()]);
  });

  // About 95 pages at 0.5 to 1.5 s each (colour contrast dominates); the timeout leaves room for a busy machine.
  it('finds nothing on any page of the sitemap, nor on the not-found page', { timeout: 900_000 }, async () => {
    const paths = sitemapPaths();
    expect(paths.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const path of [...paths, '/no-such-page/']) {
      await page.goto(server.url + path);
      found.push(...(await violations(page, path)));
    }
    expectNone(found);
  });

  it(
    'finds nothing with the chat panel open on a formatted answer, on a desktop and on a phone',
    { timeout: 120_000 },
    async () => {
      // Every element the panel renders from Markdown, links to a source and elsewhere among them.
      gemini.behaviour = { words: EVERY_ELEMENT };
      const page = await browser.newPage();
      await page.goto(server.url + '/courses/');
      await page.getByRole('button', { name: 'Ask a question' }).click();
      await page.getByLabel('Your question').fill('Can I take Greek online?');
      await page.getByLabel('Your question').press('Enter');
      await page.locator('#chat-panel').getByRole('status').filter({ hasText: 'Answer:' }).waitFor();
      await page.locator('.chat-msg-assistant .chat-text pre').waitFor();
      await page.locator('.chat-msg-assistant').getByRole('list', { name: 'Pages this answer is based on' }).waitFor();
      const found = await violations(page, 'chat panel with a formatted answer');
      await page.setViewportSize({ width: 360, height: 640 });
      found.push(...(await violations(page, 'chat panel with a formatted answer, phone-sized')));
      expectNone(found);
    },
  );

  it(
    'finds nothing on the newsletter link pages: confirmed, refused, the unsubscribe button and its result',
    { timeout: 120_000 },
    async () => {
      const page = await browser.newPage();
      const found: string[] = [];
      for (const path of [
        '/newsletter/confirm/?token=abc.def',
        '/newsletter/unsubscribe/?token=abc.def',
        '/newsletter/unsubscribe/?done=1',
        '/newsletter/unsubscribe/?failed=used',
      ]) {
        await page.goto(server.url + path);
        found.push(...(await violations(page, path)));
      }
      expectNone(found);
    },
  );

  it('finds nothing on the search page with results and with none', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/search/?q=greek');
    await page.locator('#search-results li').first().waitFor();
    const found = await violations(page, 'search with results');
    await page.goto(server.url + '/search/?q=zzqxjv');
    await page.locator('#search-status', { hasText: 'No pages match' }).waitFor();
    found.push(...(await violations(page, 'search with no results')));
    expectNone(found);
  });

  it('finds nothing on each form showing its errors', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    const found: string[] = [];
    await page.goto(server.url + '/newsletter/');
    await page.locator('main form').getByLabel('Email address').fill('not-an-address');
    await page.locator('main form').getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('#newsletter-email-error').waitFor({ state: 'visible' });
    found.push(...(await violations(page, 'newsletter form with errors')));

    await page.goto(server.url + '/register/');
    await page.getByLabel('Student number').fill('x');
    await page.getByRole('button', { name: 'Send registration' }).click();
    await page.locator('#reg-student-id-error').waitFor({ state: 'visible' });
    found.push(...(await violations(page, 'registration form with errors')));

    await page.goto(server.url + '/courses/');
    await page.locator('footer form').getByLabel('Email address').fill('not-an-address');
    await page.locator('footer form').getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('#footer-email-error').waitFor({ state: 'visible' });
    found.push(...(await violations(page, 'footer signup with errors')));
    expectNone(found);
  });

  it('finds nothing on the staff pages, signed out and signed in', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const staff = await context.newPage();
    const found: string[] = [];
    await staff.goto(server.url + '/staff');
    await staff.waitForURL((url) => url.pathname === '/staff/sign-in');
    found.push(...(await violations(staff, '/staff/sign-in')));

    await staff.getByRole('button', { name: 'Sign in with Northgate SSO' }).click();
    await staff.waitForURL(`${idp.issuer}/interaction/**`);
    await staff.locator('input[name=login]').fill('ada@northgate.example');
    await staff.locator('input[name=password]').fill('any password');
    await staff.getByRole('button', { name: 'Sign-in' }).click();
    await staff.waitForURL((url) => url.origin === server.url && url.pathname === '/staff');
    for (const path of ['/staff', '/staff/signups', '/staff/signups?page=2', '/staff/registrations']) {
      await staff.goto(server.url + path);
      await staff.getByTestId('staff-user').waitFor();
      found.push(...(await violations(staff, `${path} (signed in)`)));
    }
    await staff.getByRole('button', { name: 'Sign out' }).click();
    await staff.waitForURL('**/staff/sign-in?signedOut=1');
    found.push(...(await violations(staff, '/staff/sign-in?signedOut=1')));
    await staff.goto(server.url + '/staff/auth-error?error=AccessDenied');
    found.push(...(await violations(staff, '/staff/auth-error')));
    await context.close();
    expectNone(found);
  });
});
