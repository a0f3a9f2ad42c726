/**
 * The newsletter's whole journey in Chromium against a real SMTP server on loopback: sign up on /newsletter/,
 * read the confirmation email, follow its link, then unsubscribe with the RFC 8058 one-click POST a mail provider
 * sends, and with the page's button. The store shows each state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserUnavailable, launchBrowser } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { committed, newDataDir } from '../helpers/forms.ts';
import { linkIn, startSmtp, type RunningSmtp } from '../helpers/smtp.ts';

describe.skipIf(browserUnavailable())('newsletter double opt-in and unsubscribe in a real browser', () => {
  let smtp: RunningSmtp;
  let server: RunningServer;
  let browser: Browser;
  const dataDir = newDataDir();
  const stateOf = (email: string) => committed(dataDir, 'signups').find((r) => r.email === email)?.status;
  beforeAll(async () => {
    smtp = await startSmtp();
    [server, browser] = await Promise.all([
      startServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: '1' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  async function signUp(email: string) {
    const page = await browser.newPage();
    await page.goto(`${server.url}/newsletter/`);
    const form = page.locator('main form');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('main').getByText('Check your inbox').waitFor();
    await page.close();
    return smtp.waitFor((m) => m.to === email);
  }

  it('signs up, confirms from the email, and unsubscribes with the one-click POST', async () => {
    const mail = await signUp('journey@example.org');
    expect(stateOf('journey@example.org')).toBe('pending');

    const page = await browser.newPage();
    const answer = await page.goto(linkIn(mail, `${server.url}/newsletter/confirm/`));
    expect(answer?.status()).toBe(200);
    expect(stateOf('journey@example.org')).toBe('pending');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    expect(stateOf('journey@example.org')).toBe('confirmed');

    // What Gmail and the others send for List-Unsubscribe-Post: no cookie, no page, just the POST.
    const unsubscribeUrl = mail.headers.get('list-unsubscribe')!.replace(/^<|>$/g, '');
    const res = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(stateOf('journey@example.org')).toBe('unsubscribed');

    // The link again, in the browser: already used, said plainly.
    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('already used').waitFor();
    await page.close();
  });

  it("unsubscribes a person who follows the List-Unsubscribe link with the page's one button", async () => {
    const mail = await signUp('button@example.org');
    const page = await browser.newPage();
    await page.goto(linkIn(mail, `${server.url}/newsletter/confirm/`));
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    await page.goto(mail.headers.get('list-unsubscribe')!.replace(/^<|>$/g, ''));
    expect(new URL(page.url()).pathname).toBe('/newsletter/unsubscribe/');
    expect(stateOf('button@example.org')).toBe('confirmed');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    expect(stateOf('button@example.org')).toBe('unsubscribed');
    await page.close();
  });
});
