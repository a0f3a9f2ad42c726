/**
 * WEB_CONCURRENCY=2: two server processes under node:cluster on one port. Every request goes on a new connection
 * (agent: false), so the primary's round-robin spreads them over both processes: per-process counters would admit
 * 3 signups in each, and /metrics would show one process's share.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server.ts';

/** One request on its own connection: status and body. */
function send(url: string, method = 'GET', body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent: false, headers: body ? { 'Content-Type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d) => {
            text += d;
          })
          .on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject).end(body);
  });
}

/** The pids of the server processes the primary runs now. */
const workerPids = (server: RunningServer) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);

const listening = (server: RunningServer) => server.logs.filter((l) => String(l.msg).startsWith('listening'));

async function until(condition: () => boolean, timeoutMs = 20_000) {
  for (const deadline = Date.now() + timeoutMs; !condition(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WEB_CONCURRENCY=2', { timeout: 90_000 }, () => {
  it('shares the port, keeps a limit exact across processes, sums /metrics, replaces a crashed process and drains all', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2' });
    try {
      await until(() => listening(server).length === 2);
      expect(new Set(listening(server).map((l) => l.port))).toEqual(new Set([server.port]));
      const pids = workerPids(server);
      expect(pids).toHaveLength(2);

      // The signup limit is 3 per 10 minutes per client: 6 at once from one address, over both processes.
      const signup = (i: number) =>
        send(`${server.url}/api/email-marketing-signup`, 'POST', JSON.stringify({ email: `c${i}@example.org` }));
      const statuses = (await Promise.all([0, 1, 2, 3, 4, 5].map(signup))).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);

      // /metrics answers from whichever process, with every process's requests counted.
      const metrics = (await send(`${server.url}/metrics`)).text;
      const count = (status: number) =>
        Number(
          metrics.match(
            new RegExp(
              `^http_request_duration_seconds_count\\{route="/api/email-marketing-signup",method="POST",status="${status}"\\} (\\d+)`,
              'm',
            ),
          )?.[1],
        );
      expect([count(200), count(429)]).toEqual([3, 3]);

      // A crashed process is replaced; the server keeps answering meanwhile.
      process.kill(pids[0]!, 'SIGKILL');
      await server.waitForLog((l) => l.msg === 'a server process died; starting another', 10_000);
      await until(() => listening(server).length === 3);
      const after = workerPids(server);
      expect(after).toHaveLength(2);
      expect(after).not.toContain(pids[0]);
      expect((await send(`${server.url}/api/health`)).status).toBe(200);

      // SIGTERM to the primary: every process shuts down gracefully, then the primary exits 0.
      expect(await server.stop()).toBe(0);
      expect(after.filter(alive)).toEqual([]);
      expect(server.logs.filter((l) => l.msg === 'stopped')).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });
});
