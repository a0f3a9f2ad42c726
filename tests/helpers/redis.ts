/**
 * A real Redis server for tests on a free loopback port, no persistence, in a temporary directory.
 * stop() and restart() (same port, empty) simulate an outage.
 * @example const redis = await startRedis(); startServer({ REDIS_URL: redis.url });
 */
import type { ChildProcess } from 'node:child_process';
import { freePort, onPath, serverDir, spawnUntil, stopChild, unavailable } from './real-servers.ts';

export interface RunningRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export const redisUnavailable = () => unavailable('redis-server', onPath('redis-server'));

export async function startRedis(): Promise<RunningRedis> {
  const dir = serverDir('redis-test-');
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--protected-mode',
    'yes',
  ];
  const start = () => spawnUntil('redis-server', args, /Ready to accept connections/);
  let child: ChildProcess | undefined = await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      child = undefined;
    },
    async restart() {
      await stopChild(child);
      child = await start();
    },
  };
}
