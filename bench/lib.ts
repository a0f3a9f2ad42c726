/** Shared helpers for the load benchmarks: start a server process on a free port, load it, print ratios. */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../tests/helpers/real-servers.ts';
import { figure } from './report.ts';

/**
 * V8 flags of the production server, as in package.json's start script: a small young generation, because the
 * server makes short-lived garbage at a high rate and V8 otherwise grows the semi-spaces, and the process's memory,
 * far beyond the live data (docs/search.md has the figures).
 */
export const SERVER_FLAGS = ['--max-semi-space-size=4'];

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Start `node <script>` with PORT set and wait until `readyPath` answers. */
export async function startProcess(
  script: string,
  env: Record<string, string> = {},
  readyPath = '/',
  cwd?: string,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  // Our server runs with the flags `npm start` gives it (package.json).
  // BENCH_CPU_PROF=<dir>: our server also writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const flags = script === 'server/index.ts' ? [...SERVER_FLAGS, ...profile] : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(url + readyPath);
      await res.arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Run autocannon against one URL: a short warm-up, then the measured run. */
export async function load(
  url: string,
  {
    connections = 32,
    seconds = 8,
    headers = {} as Record<string, string>,
    method = 'GET' as 'GET' | 'POST',
    body = undefined as string | undefined,
    idReplacement = false,
    warmup = true,
  } = {},
): Promise<LoadResult & { ok: number }> {
  const request = { url, connections, headers, method, body, idReplacement };
  if (warmup) await autocannon({ ...request, duration: 1 });
  const r = await autocannon({ ...request, duration: seconds });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    ok: r['2xx'],
  };
}

export const fmt = (r: LoadResult) =>
  `${Math.round(r.rps).toString().padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;
/** `a`'s throughput as a share of `b`'s, measured in the same run; recorded for the closing table (report.ts). */
export function ratio(a: LoadResult, b: LoadResult, name: string, baseline: string): string {
  figure(name, a.rps, 'req/s', { name: baseline, value: b.rps });
  return `${((a.rps / b.rps) * 100).toFixed(1)}%`;
}
