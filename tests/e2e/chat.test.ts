import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailable, useBrowser } from '../helpers/browser.ts';
import { startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { useServer } from '../helpers/server.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';

/** Opens a page, collecting console errors (CSP violations land there too). */
async function openPage(browser: Browser, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && !/status of (429|503)/.test(m.text())) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  return { page, problems };
}

async function askInPanel(page: Page, question: string) {
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await page.getByLabel('Your question').fill(question);
  await page.getByLabel('Your question').press('Enter');
}

describe.skipIf(browserUnavailable())('chat panel', () => {
  let gemini: StandIn & { baseUrl: string };
  beforeAll(async () => { gemini = await startGeminiStandIn({ words: [] }); });
  afterAll(async () => { await gemini?.close(); });
  const server = useServer(() => ({ GOOGLE_GENERATIVE_AI_API_KEY: 'test-key', GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl }));
  const bare = useServer();
  const chrome = useBrowser();

  it('streams an answer with links to the pages it used', async () => {
    gemini.behaviour = { words: ['Yes, ', 'Biblical Greek I ', 'is taught online.'], delayMs: 30 };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/handbook/`);
    await askInPanel(page, 'Can I take Greek online, and what do I need first?');
    const answer = page.locator('.chat-msg-assistant').last();
    await answer.locator('.chat-text', { hasText: 'is taught online.' }).waitFor();
    await expect(answer.locator('.chat-text').textContent()).resolves.toBe('Yes, Biblical Greek I is taught online.');
    const links = answer.getByRole('list', { name: 'Pages this answer is based on' }).getByRole('link');
    await expect(links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toContain('/courses/bib201/');
    await expect(page.locator('#chat-panel').getByRole('status').textContent()).resolves.toContain('Answer: Yes, Biblical Greek I is taught online.');
    await expect(page.getByLabel('Your question').evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The conversation survives following a source link.
    await links.first().click();
    await page.waitForURL(/\/(courses|handbook|programs)\//);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect(page.locator('.chat-msg-assistant .chat-text').first().textContent()).resolves.toBe('Yes, Biblical Greek I is taught online.');
    expect(problems).toEqual([]);
  });

  it('stops an answer, and the model call with it', async () => {
    gemini.behaviour = { words: Array.from({ length: 100 }, (_, i) => `part${i} `), delayMs: 100 };
    const { page } = await openPage(chrome.browser, `${server.url}/`);
    await askInPanel(page, 'Tell me about the library');
    await page.locator('.chat-msg-assistant .chat-text', { hasText: 'part0' }).waitFor();
    const aborted = gemini.nextAbort();
    await page.getByRole('button', { name: 'Stop' }).click();
    await aborted;
    await expect(page.locator('.chat-msg-assistant .chat-note').last().textContent()).resolves.toBe('Stopped.');
    await expect(page.getByRole('button', { name: 'Stop' }).isHidden()).resolves.toBe(true);
  });

  it('is usable from the keyboard: open, ask, Escape closes and returns focus', async () => {
    gemini.behaviour = { words: ['Keyboard ', 'answer.'] };
    const { page } = await openPage(chrome.browser, `${server.url}/about/`);
    await page.getByRole('button', { name: 'Ask a question' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Your question').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('Where is the institute?');
    await page.keyboard.press('Enter');
    await page.locator('.chat-msg-assistant .chat-text', { hasText: 'Keyboard answer.' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(page.locator('#chat-panel').isHidden()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Ask a question' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Ask a question' }).getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('says plainly when the chat is not configured (503) and when it is busy (429)', async () => {
    const { page, problems } = await openPage(chrome.browser, `${bare.url}/courses/`);
    await askInPanel(page, 'Can I take Greek online?');
    const alert = page.locator('#chat-panel').getByRole('alert');
    await alert.filter({ hasText: 'not available' }).waitFor();
    await expect(alert.getByRole('link', { name: 'search the site' }).getAttribute('href')).resolves.toBe('/search/');
    // The failed question stays in the box, to send again later.
    await expect(page.getByLabel('Your question').inputValue()).resolves.toBe('Can I take Greek online?');

    // Use up the window, then ask again from the panel.
    await page.evaluate(async () => {
      for (let i = 0; i < 25; i++) {
        const res = await fetch('/api/chat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        if (res.status === 429) break;
      }
    });
    await page.getByLabel('Your question').press('Enter');
    await alert.filter({ hasText: 'many questions' }).waitFor();
    await expect(alert.textContent()).resolves.toMatch(/wait about 10 minutes/);
    expect(problems).toEqual([]);
  });
});
