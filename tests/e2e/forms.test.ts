import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserUnavailable, useBrowser } from '../helpers/browser.ts';
import { useServer } from '../helpers/server.ts';
import { committed, newDataDir } from '../helpers/forms.ts';
import { startTurnstileStandIn, TEST_SECRET, type TurnstileStandIn } from '../helpers/turnstile-stand-in.ts';

/**
 * Cloudflare's widget script as a stand-in, served in place of challenges.cloudflare.com (no internet here):
 * renders a box, notes the site key and the action it was rendered with, and hands out the dummy token that
 * Cloudflare's test site keys produce.
 */
const FAKE_TURNSTILE = `window.turnstile = {
  render(el, o) {
    el.textContent = 'verified'; el.dataset.sitekey = o.sitekey; el.dataset.renderedAction = o.action ?? '';
    setTimeout(() => o.callback('XXXX.DUMMY.TOKEN.XXXX')); return 'w1';
  },
  getResponse() { return 'XXXX.DUMMY.TOKEN.XXXX'; },
  reset() {},
};`;

describe.skipIf(browserUnavailable())('forms in a real browser', () => {
  let standIn: TurnstileStandIn;
  const plainData = newDataDir();
  const guardedData = newDataDir();
  beforeAll(async () => {
    standIn = await startTurnstileStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const plain = useServer({ DATA_DIR: plainData, RATE_LIMIT_DISABLED: '1' });
  const guarded = useServer(() => ({
    DATA_DIR: guardedData,
    RATE_LIMIT_DISABLED: '1',
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_SECRET_KEY: TEST_SECRET.pass,
    TURNSTILE_VERIFY_URL: standIn.url,
  }));
  const chrome = useBrowser();

  async function open(
    url: string,
    turnstile: 'none' | 'blocked' | 'fake' = 'none',
  ): Promise<{ page: Page; problems: string[] }> {
    const page = await chrome.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    if (turnstile === 'blocked')
      await page.route('https://challenges.cloudflare.com/**', (route) => route.abort('blockedbyclient'));
    if (turnstile === 'fake')
      await page.route('https://challenges.cloudflare.com/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }),
      );
    await page.goto(url);
    return { page, problems };
  }

  it('shows a field error next to the email, moves focus to it, then subscribes', async () => {
    const { page, problems } = await open(plain.url + '/newsletter/');
    const form = page.locator('main form[data-signup-form]');
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const error = page.locator('#newsletter-email-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toMatch(/email address/i);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
    expect(await form.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Email address').getAttribute('aria-describedby')).toContain('newsletter-email-error');

    await form.getByLabel('Email address').fill('Browser.User@Example.org');
    await form.getByLabel('Your name').fill('Browser');
    await form.getByLabel('Alumni news').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox').first().waitFor();
    expect(await error.isHidden()).toBe(true);
    expect(committed(plainData, 'signups')).toEqual([
      expect.objectContaining({
        email: 'browser.user@example.org',
        name: 'Browser',
        interests: '["alumni"]',
        source: '/newsletter/',
      }),
    ]);
    expect(problems).toEqual([]);
  });

  it('subscribes from the footer of any page', async () => {
    const { page, problems } = await open(plain.url + '/courses/');
    const footer = page.locator('footer form[data-signup-form]');
    await footer.getByLabel('Email address').fill('footer@example.org');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Check your inbox').waitFor();
    expect(committed(plainData, 'signups').map((r) => r.email)).toContain('footer@example.org');
    expect(problems).toEqual([]);
  });

  it('lists the courses of the chosen term, points errors at their fields and registers', async () => {
    const { page, problems } = await open(plain.url + '/register/');
    const picker = page.locator('[data-path="courses"]');
    expect(await picker.getByRole('checkbox').filter({ visible: true }).count()).toBe(0);
    await page.getByLabel('Term').selectOption({ label: 'Summer 2027' });
    const summer = await picker.getByRole('checkbox').filter({ visible: true }).count();
    expect(summer).toBeGreaterThan(0);
    await expect(picker.getByLabel(/BIB201/).isVisible()).resolves.toBe(false); // BIB201 does not run in summer
    await picker.getByLabel(/HIS110/).check();

    await page.getByLabel('Student number').fill('x'); // too short
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.locator('main form').getByLabel('Email address').fill('ada@example.org');
    await page.getByRole('button', { name: 'Send registration' }).click();
    await page.locator('#reg-student-id-error').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-student-id');

    await page.getByLabel('Student number').fill('S123456');
    await page.getByRole('button', { name: 'Send registration' }).click();
    await page.getByText(/Registration received\. Your reference is reg_/).waitFor();
    const [row] = committed(plainData, 'registrations');
    expect(row).toMatchObject({ student_id: 'S123456', term: '2027-summer', courses: '[{"code":"HIS110"}]' });
    expect(problems).toEqual([]);
  });

  it('says so when the anti-spam check cannot load, instead of failing silently', async () => {
    const { page } = await open(guarded.url + '/newsletter/', 'blocked');
    const notice = page.locator('main [data-challenge-status]');
    await notice.getByText('could not load').waitFor();
    expect(await page.locator('main form button[type="submit"]').isDisabled()).toBe(true);
    expect(committed(guardedData, 'signups')).toEqual([]);
  });

  it('renders the widget when required and sends its token with the form', async () => {
    const { page, problems } = await open(guarded.url + '/newsletter/', 'fake');
    await page.locator('main [data-challenge-widget]').getByText('verified').waitFor();
    expect(await page.locator('main [data-challenge-widget]').getAttribute('data-sitekey')).toBe(
      '1x00000000000000000000AA',
    );
    expect(await page.locator('main [data-challenge-widget]').getAttribute('data-rendered-action')).toBe('signup');
    await page.locator('main form').getByLabel('Email address').fill('human@example.org');
    await page.locator('main form').getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('main').getByText('Check your inbox').waitFor();
    expect(standIn.calls.at(-1)).toMatchObject({ response: 'XXXX.DUMMY.TOKEN.XXXX', secret: TEST_SECRET.pass });
    expect(committed(guardedData, 'signups').map((r) => r.email)).toEqual(['human@example.org']);
    expect(problems).toEqual([]);
  });

  it('renders the registration widget with its own action', async () => {
    const { page, problems } = await open(guarded.url + '/register/', 'fake');
    const widget = page.locator('main [data-challenge-widget]');
    await widget.getByText('verified').waitFor();
    expect(await widget.getAttribute('data-rendered-action')).toBe('course-registration');
    expect(problems).toEqual([]);
  });
});
