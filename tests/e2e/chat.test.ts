import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailable, useBrowser } from '../helpers/browser.ts';
import { startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { EVERY_ELEMENT, HOSTILE, INVENTED_LINK, longAnswer } from '../helpers/markdown-answers.ts';
import { useServer } from '../helpers/server.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';

// What the page scripts below leave on window for the test to read.
declare global {
  interface Window {
    __ran?: unknown;
    __said: (string | null)[];
  }
}

/** Opens a page, collecting console errors (CSP violations land there too). */
async function openPage(browser: Browser, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (429|503)/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  return { page, problems };
}

async function askInPanel(page: Page, question: string) {
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await page.getByLabel('Your question').fill(question);
  await page.getByLabel('Your question').press('Enter');
}

const GREEK = 'Can I take Greek online, and what do I need first?';

/** Asks, and waits for the whole answer (the status announces it once it is in). */
async function answerTo(page: Page, question: string) {
  await askInPanel(page, question);
  await page.locator('#chat-panel').getByRole('status').filter({ hasText: 'Answer:' }).waitFor();
  const answer = page.locator('.chat-msg-assistant').last();
  return { answer, text: answer.locator('.chat-text') };
}

/** The number of a page in the answer's sources list (counted from 1), 0 if it is not there. */
async function sourceNumber(answer: ReturnType<Page['locator']>, path: string): Promise<number> {
  const hrefs = await answer
    .getByRole('list', { name: 'Pages this answer is based on' })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  // A source links to the passage used (#heading or #:~:text=…): the page is the path before it.
  return hrefs.findIndex((href) => href?.split('#')[0] === path) + 1;
}

describe.skipIf(browserUnavailable())('chat panel', () => {
  let gemini: StandIn & { baseUrl: string };
  beforeAll(async () => {
    gemini = await startGeminiStandIn({ words: [] });
  });
  afterAll(async () => {
    await gemini?.close();
  });
  const server = useServer(() => ({
    GOOGLE_GENERATIVE_AI_API_KEY: 'test-key',
    GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
  }));
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
    await expect(sourceNumber(answer, '/courses/bib201/')).resolves.toBeGreaterThan(0);
    await expect(page.locator('#chat-panel').getByRole('status').textContent()).resolves.toContain(
      'Answer: Yes, Biblical Greek I is taught online.',
    );
    await expect(page.getByLabel('Your question').evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The conversation survives following a source link.
    await links.first().click();
    await page.waitForURL(/\/(courses|handbook|programs)\//);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect(page.locator('.chat-msg-assistant .chat-text').first().textContent()).resolves.toBe(
      'Yes, Biblical Greek I is taught online.',
    );
    expect(problems).toEqual([]);
  });

  it('offers the starter questions in the empty panel, asks one when clicked, and hides them once it is asked', async () => {
    gemini.behaviour = { words: ['Biblical Greek I is taught online.'] };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/`);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const starter = page.getByRole('button', { name: 'Can I study Greek online?' });
    await starter.waitFor();
    await starter.click();
    await page.locator('.chat-msg-assistant .chat-text', { hasText: 'is taught online.' }).waitFor();
    await expect(page.locator('.chat-msg-user .chat-text').first().textContent()).resolves.toBe(
      'Can I study Greek online?',
    );
    await expect(starter.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
  });

  it('shows the answer as formatted text: emphasis, lists, code, a link to its source and one elsewhere', async () => {
    gemini.behaviour = { words: EVERY_ELEMENT, delayMs: 20 };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/handbook/`);
    const { answer, text } = await answerTo(page, GREEK);
    await expect(text.locator('p > strong').textContent()).resolves.toBe('Biblical Greek I');
    await expect(text.locator('p > em').textContent()).resolves.toBe('online');
    await expect(text.locator('ul > li').allTextContents()).resolves.toEqual(['a laptop', 'BIB101 passed first']);
    await expect(text.locator('ul > li > code').textContent()).resolves.toBe('BIB101');
    await expect(text.locator('ol > li').allTextContents()).resolves.toEqual(['Register online', 'Pay the fee']);
    await expect(text.locator('pre > code').textContent()).resolves.toBe('term: autumn\nseats: 24');
    await expect(text.textContent()).resolves.not.toMatch(/\*\*|```|\]\(/);

    // The link to a source goes where the sources list does, carries its number, and stays in the tab.
    const number = await sourceNumber(answer, '/courses/bib201/');
    expect(number).toBeGreaterThan(0);
    const course = text.getByRole('link', { name: `the course page (source ${number})` });
    await expect(course.getAttribute('href')).resolves.toMatch(/^\/courses\/bib201\/(?:#.+)?$/);
    await expect(course.getAttribute('target')).resolves.toBe(null);
    // The number shows (CSS-generated from data-source) with empty alternative text: seen, not spoken twice.
    await expect(course.evaluate((a) => getComputedStyle(a, '::after').content)).resolves.toBe(`"${number}" / ""`);
    const lexicon = text.getByRole('link', { name: 'a Greek lexicon (opens in a new tab)' });
    await expect(lexicon.getAttribute('href')).resolves.toBe('https://www.example.org/lexicon');
    await expect(lexicon.getAttribute('target')).resolves.toBe('_blank');
    await expect(lexicon.getAttribute('rel')).resolves.toBe('noopener noreferrer');

    // The status speaks the answer as words, not as Markdown.
    const said = await page.locator('#chat-panel').getByRole('status').textContent();
    expect(said).toMatch(/^Answer: Biblical Greek I is taught online\.\s+You need:\s+a laptop\s+BIB101 passed first/);
    expect(said).not.toContain('**');

    if (process.env.CHAT_SCREENSHOT)
      await page
        .locator('#chat-panel')
        .screenshot({ path: process.env.CHAT_SCREENSHOT.replace('.png', '-desktop.png') });
    // Following the source link keeps the conversation, shown formatted again on the next page.
    await course.click();
    // It lands on the passage used: a heading's id, or a text fragment (which the browser keeps out of the URL).
    await page.waitForURL(/\/courses\/bib201\/(?:#.*)?$/);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect(page.locator('.chat-msg-assistant .chat-text ol > li').allTextContents()).resolves.toEqual([
      'Register online',
      'Pay the fee',
    ]);
    expect(problems).toEqual([]);
  });

  it('shows raw HTML and script links in an answer as text, and runs none of them', async () => {
    gemini.behaviour = { words: HOSTILE, delayMs: 10 };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/about/`);
    // A question the site answers: one asking for a picture ("Is there a picture of the campus library?") is declined
    // before the model is asked, as no page has one.
    const { text } = await answerTo(page, 'What are the opening hours of the campus library?');
    await expect(text.locator('img, script, iframe, div, a').count()).resolves.toBe(0);
    const shown = await text.textContent();
    expect(shown).toContain('<img src="/x.png" onerror="window.__ran = \'img\'">');
    expect(shown).toContain("<script>window.__ran = 'script'</script>");
    expect(shown).toContain('<div onmouseover="window.__ran=\'div\'">a block of HTML</div>');
    expect(shown).toContain('click me or <a href="javascript:window.__ran=\'a\'">this</a> or that');
    expect(shown).toContain('a picture and data.');
    for (const target of [
      text.locator('span', { hasText: /^click me$/ }),
      text.locator('span', { hasText: /^that$/ }),
      text.locator('p', { hasText: 'a block of HTML' }),
    ]) {
      await target.hover();
      await target.click();
    }
    await expect(page.evaluate(() => window.__ran)).resolves.toBe(undefined);
    expect(page.url()).toBe(`${server.url}/about/`);
    expect(problems).toEqual([]);
  });

  it('shows a link to a page the site does not have as plain text', async () => {
    gemini.behaviour = { words: INVENTED_LINK, delayMs: 10 };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/handbook/`);
    const heads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'HEAD') heads.push(new URL(r.url()).pathname);
    });
    const { answer, text } = await answerTo(page, GREEK);
    // A real page that is not a source becomes a link once the site has answered for it.
    await text.getByRole('link', { name: 'About page' }).waitFor();
    await expect(text.getByRole('link', { name: 'About page' }).getAttribute('href')).resolves.toBe('/about/');
    const number = await sourceNumber(answer, '/courses/bib201/');
    await expect(text.getByRole('link', { name: `BIB201 (source ${number})` }).getAttribute('href')).resolves.toMatch(
      /^\/courses\/bib201\/(?:#.+)?$/,
    );
    await expect(text.getByText('HEB999').evaluate((el) => el.closest('a'))).resolves.toBe(null);
    await expect(text.getByRole('link').count()).resolves.toBe(2);
    // Each path is asked once, however often the growing block is rebuilt; a source is never asked.
    expect(heads.sort()).toEqual(['/about/', '/courses/heb999/']);
    // The one console line is the browser reporting the invented page's 404.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  it('streams a long answer smoothly: finished blocks stay put, and the status speaks once', async () => {
    const words = longAnswer(150);
    gemini.behaviour = { words, delayMs: 2 };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/`);
    await page.evaluate(() => {
      const status = document.querySelector('[data-chat-status]')!;
      window.__said = [];
      new MutationObserver(() => window.__said.push(status.textContent)).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await askInPanel(page, 'Tell me everything');
    const first = page.locator('.chat-msg-assistant .chat-text > p').first();
    await first.filter({ hasText: 'Paragraph 1 has some bold and some text.' }).waitFor();
    // The first paragraph is finished once the second has begun: until then it is the block still growing, which is
    // rebuilt as words arrive (on a loaded machine the mark below was set on it before it was finished).
    await page.locator('.chat-msg-assistant .chat-text > p').nth(1).waitFor();
    // Mark the first paragraph's element: if the answer were rebuilt from scratch, the mark would be gone.
    await first.evaluate((p) => {
      p.dataset.seen = 'yes';
    });
    await page.locator('#chat-panel').getByRole('status').filter({ hasText: 'Answer:' }).waitFor();
    const text = page.locator('.chat-msg-assistant .chat-text');
    await expect(text.locator('> p').count()).resolves.toBe(150);
    await expect(text.locator('> ul > li').count()).resolves.toBe(30);
    await expect(text.locator('> p strong').count()).resolves.toBe(150);
    await expect(first.getAttribute('data-seen')).resolves.toBe('yes');
    const said = await page.evaluate(() => window.__said);
    expect(said.length).toBe(2);
    expect(said[0]).toBe('Answering…');
    expect(said[1]).toMatch(
      /^Answer: Paragraph 1 has some bold and some text\.[\s\S]*Paragraph 150 has some bold and some text\./,
    );
    expect(problems).toEqual([]);
  });

  it('fits a phone: the formatted answer wraps inside the panel', async () => {
    gemini.behaviour = {
      words: [
        ...EVERY_ELEMENT,
        '\n\n```\nA-very-long-line-of-code-that-would-not-fit-on-a-phone-screen-at-all-without-wrapping\n```',
      ],
      delayMs: 5,
    };
    const page = await chrome.browser.newPage({
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${server.url}/about/`);
    const { text } = await answerTo(page, GREEK);
    await expect(text.locator('pre').count()).resolves.toBe(2);
    const fit = await page.evaluate(() => {
      const panel = document.querySelector('#chat-panel')!.getBoundingClientRect();
      const log = document.querySelector<HTMLElement>('[data-chat-log]')!;
      return { left: panel.left, right: panel.right, width: innerWidth, overflow: log.scrollWidth - log.clientWidth };
    });
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(fit.width);
    expect(fit.overflow).toBe(0);
    if (process.env.CHAT_SCREENSHOT) await page.screenshot({ path: process.env.CHAT_SCREENSHOT });
    await page.close();
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

  it('takes a thumbs down with a comment under the answer, sends it, and passes axe in light and dark', async () => {
    gemini.behaviour = { words: ['Term starts ', 'in September.'] };
    const { page, problems } = await openPage(chrome.browser, `${server.url}/handbook/`);
    const { answer } = await answerTo(page, 'When does the spring term start?');
    const control = answer.getByRole('group', { name: 'Was this answer helpful?' });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/chat/feedback'));
    await control.getByRole('button', { name: 'No' }).click();
    await expect(control.getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await control.getByLabel(/What was wrong or missing/).fill('It is in January. Mail me at ada@example.org');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page })
        .include('.chat-feedback')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .setLegacyMode()
        .analyze();
      expect(violations.map((v) => `${colorScheme}: ${v.id} ${v.help}`)).toEqual([]);
    }
    await control.getByRole('button', { name: 'Send feedback' }).click();
    const response = await sent;
    expect(response.status()).toBe(202);
    expect(JSON.parse(response.request().postData()!)).toEqual({
      question: 'When does the spring term start?',
      rating: 'down',
      comment: 'It is in January. Mail me at ada@example.org',
    });
    await control.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
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
    await expect(
      page.getByRole('button', { name: 'Ask a question' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Ask a question' }).getAttribute('aria-expanded')).resolves.toBe(
      'false',
    );
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
        const res = await fetch('/api/chat', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        if (res.status === 429) break;
      }
    });
    await page.getByLabel('Your question').press('Enter');
    await alert.filter({ hasText: 'many questions' }).waitFor();
    await expect(alert.textContent()).resolves.toMatch(/wait about 10 minutes/);
    expect(problems).toEqual([]);
  });
});
