import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { unavailable } from './real-servers.ts';
import { useServer, type RunningServer, type ServerEnv } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Undefined when browser tests can run; else the reason to skip (throws in CI), as for the other real servers. */
export const browserUnavailable = () => unavailable('Chromium (CHROMIUM_PATH)', CHROMIUM);

/** Headless Debian Chromium, started the way this sandbox needs it (no sandbox, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * For a describe block: a browser, launched before its tests and closed after them (`.browser` is set once it runs).
 * @example const chrome = useBrowser(); … const page = await chrome.browser.newPage();
 */
export function useBrowser(): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await launchBrowser();
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/**
 * For a describe block: the built server (useServer) and a browser (useBrowser).
 * @example const site = useSiteInBrowser(); … await site.browser.newPage(); … site.server.url
 */
export function useSiteInBrowser(env: ServerEnv = {}): { server: RunningServer; browser: Browser } {
  const server = useServer(env);
  const chrome = useBrowser();
  return {
    server,
    get browser() {
      return chrome.browser;
    },
  };
}
