import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Every log line the server printed, parsed. */
  logs: Record<string, unknown>[];
  /** The first log line that matches, once the server has printed it (it may come after the response); undefined after `timeoutMs`. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown> | undefined>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export type ServerEnv = Record<string, string>;

/**
 * Resolves once the server's /readyz says ready, as a load balancer would wait, or after `timeoutMs` (the test's own
 * request then fails). A new instance listens before every search worker has loaded the index, and on a loaded machine
 * that takes longer than the probe's own 2-second limit (readiness.ts).
 */
export async function untilReady(url: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)))
    if ((await fetch(`${url}/readyz`)).status === 200) return;
}

/**
 * Starts the built server (`node server/index.ts`) on a free loopback port with its own data directory.
 * @example const server = await startServer({ TRUST_PROXY: '1' });
 */
export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'institute-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const entry = JSON.parse(line);
          logs.push(entry);
          if (typeof entry.port === 'number' && entry.msg?.startsWith('listening')) resolve(entry.port);
        } catch {
          /* not JSON: ignore */
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    logs,
    async waitForLog(match, timeoutMs = 5000) {
      for (
        const deadline = Date.now() + timeoutMs;
        Date.now() < deadline;
        await new Promise((r) => setTimeout(r, 20))
      ) {
        const line = logs.find(match);
        if (line) return line;
      }
      return logs.find(match);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The built server for the calling describe block (or file, at top level): started before its tests, stopped after
 * them. The returned object is filled in when the server is up, so read its fields inside tests and hooks. `env`
 * may be a function, called when the server starts, for values known only then (a stand-in's URL from an earlier
 * beforeAll). Tests that start or stop servers along the way use startServer.
 * @example const server = useServer({ TRUST_PROXY: '1' }); it('…', () => fetch(`${server.url}/api/health`));
 */
export function useServer(env: ServerEnv | (() => ServerEnv | Promise<ServerEnv>) = {}): RunningServer {
  const server = {} as RunningServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(typeof env === 'function' ? await env() : env));
  });
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}
