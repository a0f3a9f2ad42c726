/**
 * `npm run screenshots`: the main pages at phone and desktop width, in the light and the dark scheme, as full-page
 * PNGs in screenshots/ (ignored by git), for review. Serves the build (run `npm run build` first) on a free
 * loopback port with a throwaway data directory, and drives Debian's Chromium (CHROMIUM_PATH to use another).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const pages = {
  home: '/',
  programs: '/programs/',
  compare: '/programs/compare/?program=bachelor-of-theology&program=master-of-divinity',
  program: '/programs/master-of-divinity/',
  courses: '/courses/',
  course: '/courses/bib201/',
  handbook: '/handbook/grading/',
  events: '/events/',
  newsletter: '/newsletter/',
  developers: '/developers/',
};
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const out = 'screenshots';

const server = spawn(process.execPath, ['server/index.ts'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'institute-shots-')) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const origin = await new Promise<string>((resolve, reject) => {
  let buffer = '';
  server.stdout!.on('data', (chunk) => {
    buffer += chunk;
    const port = /"port":(\d+)[^\n]*"msg":"listening|"msg":"listening[^\n]*"port":(\d+)/.exec(buffer);
    if (port) resolve(`http://127.0.0.1:${port[1] ?? port[2]}`);
  });
  server.once('exit', (code) =>
    reject(new Error(`the server exited with ${code}: was the site built (npm run build)?`)),
  );
});

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport, colorScheme });
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(origin + path, { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `${name}-${device}-${colorScheme}.png`), fullPage: true });
      }
      await page.close();
    }
  }
  console.log(`${Object.keys(pages).length * 4} screenshots in ${out}/`);
} finally {
  await browser.close();
  server.kill();
}
