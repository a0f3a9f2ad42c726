import { Redis } from 'ioredis';
import { getConfig } from '../config.ts';
import { log } from '../log.ts';
import { safeUrl } from '../safe-url.ts';

// One per process: server/index.ts and the routes load this same module (integrations/shared-lib.ts).
let shared: Redis | undefined;

/**
 * The process's Redis client for the rate-limit counters, or undefined when REDIS_URL is unset.
 * Created (and connecting) on first call; the server calls connectRedis() at start so that happens before the
 * first request. Commands fail fast instead of queueing while disconnected (no offline queue, short timeouts):
 * the limiter then answers from its in-memory insurance limiter. ioredis reconnects by itself, forever, with a
 * back-off capped at 2 s.
 */
export function getRedis(): Redis | undefined {
  const url = getConfig().REDIS_URL;
  if (!url) return undefined;
  shared ??= createClient(url);
  return shared;
}

function createClient(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // A Redis that accepts but does not answer (paused, overloaded) must not stall the forms. Not shorter: a busy
    // event loop runs due timers before reading replies already received, so a tight timeout would fall back to
    // memory (and over-admit) under our own load rather than because Redis failed.
    commandTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    connectionName: 'institute-website',
  });
  // Log the changes of state, not every failed reconnect attempt (one every 2 s while Redis is away).
  let available: boolean | undefined;
  client.on('ready', () => {
    if (available !== true)
      log.info({ redis: safeUrl(url) }, 'Redis connected: rate limits are shared between instances');
    available = true;
  });
  client.on('error', (err: Error) => {
    if (available !== false)
      log.warn(
        { redis: safeUrl(url), err: err.message },
        "Redis unavailable: rate limits fall back to this instance's memory until it returns",
      );
    available = false;
  });
  client.on('close', () => {
    if (available === true)
      log.warn(
        { redis: safeUrl(url) },
        "Redis connection lost: rate limits fall back to this instance's memory until it returns",
      );
    available = false;
  });
  return client;
}

/**
 * Connects at start-up and waits up to `timeoutMs` for the connection, so limits are shared from the first
 * request. Redis being down is not fatal: the start goes on with the insurance limiter, and the client keeps
 * trying in the background. Resolves true when connected.
 */
export async function connectRedis(timeoutMs = 3000): Promise<boolean> {
  const client = getRedis();
  if (!client) return false;
  if (client.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}

/** Closes the client at shutdown. */
export async function closeRedis(): Promise<void> {
  const client = shared;
  shared = undefined;
  if (!client) return;
  await client.quit().catch(() => client.disconnect());
}
