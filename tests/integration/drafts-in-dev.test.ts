import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { copyProject } from '../helpers/project-copy.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('a draft in `npm run dev`', { timeout: 120_000 }, () => {
  it('is shown, so its editor can preview it', async () => {
    const { dir, remove } = copyProject('institute-dev-');
    const port = await freePort();
    const dev = spawn(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', '--port', String(port)],
      {
        // An editor's shell, not vitest's: vitest's own MODE/PROD variables would leak into the dev server.
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      },
    );
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`astro dev did not start:\n${output}`)), 90_000);
        const read = (chunk: Buffer) => {
          output += chunk;
          if (output.includes(`:${port}`)) {
            clearTimeout(timer);
            resolve();
          }
        };
        dev.stdout!.on('data', read);
        dev.stderr!.on('data', read);
        dev.once('exit', (code) => reject(new Error(`astro dev exited with ${code}:\n${output}`)));
      });
      // The dev server listens before its content is loaded: wait for a published page first.
      for (let tries = 0; tries < 60; tries++) {
        if ((await fetch(`http://127.0.0.1:${port}/handbook/refunds/`).catch(() => undefined))?.status === 200) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const res = await fetch(`http://127.0.0.1:${port}/handbook/student-housing/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Student housing</h1>');
    } finally {
      dev.kill('SIGTERM');
      remove();
    }
  });
});
