import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether browser tests can run. Without Chromium a developer's run skips them with a printed reason;
 * in CI (CI=true) a missing Chromium is a failure, never a skip.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM}; CI must install it (apt-get install -y chromium).`);
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  return false;
}

/** Headless Debian Chromium, started the way this sandbox needs it (no sandbox, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * For a describe block: the built server and a browser, started before its tests and stopped after them.
 * @example const site = useSiteInBrowser(); … await site.browser.newPage(); … site.server.url
 */
export function useSiteInBrowser(env: Record<string, string> = {}) {
  const site = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
