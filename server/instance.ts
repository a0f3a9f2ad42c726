/**
 * One server process (server/index.ts starts it, once or WEB_CONCURRENCY times under node:cluster): opens the
 * store, starts the mail sender and the search workers, serves the build, and shuts down gracefully on SIGTERM.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getConfig } from '../src/lib/config.ts';
import { createApp, type AstroHandler } from './app.ts';
import { onClientError, onConnect } from './method-guard.ts';
import { shareMetrics } from './cluster.ts';

const serverEntry = fileURLToPath(new URL('../dist/server/entry.mjs', import.meta.url));
// server/index.ts validated the configuration and found the build before loading this module.
const config = getConfig();

const { log } = await import('../src/lib/log.ts');
// A process of several (WEB_CONCURRENCY): the primary reads this process's metrics for /metrics (server/cluster.ts).
if (cluster.isWorker) shareMetrics((await import('../src/lib/metrics/index.ts')).registry);
const { openStore, closeStore, getStore } = await import('../src/lib/store/index.ts');
const { scheduleRetention } = await import('../src/lib/ops/erasure.ts');
const { connectRedis, closeRedis } = await import('../src/lib/limits/redis.ts');
const { safeUrl } = await import('../src/lib/safe-url.ts');
let store: Awaited<ReturnType<typeof openStore>>;
try {
  // Open and migrate the submissions store now: an unreachable database, a bad DATA_DIR or a failed migration
  // stops the start, not a visitor's form.
  store = await openStore();
} catch (err) {
  const where = config.DATABASE_URL ? `PostgreSQL at ${safeUrl(config.DATABASE_URL)}` : `DATA_DIR=${config.DATA_DIR}`;
  console.error(`The submissions store (${where}) could not be opened: ${(err as Error).message}`);
  process.exit(1);
}
// Two retention jobs, with the two policies the docs promise (every instance may run them: the deletes are
// idempotent): RETENTION_DAYS purges old course registrations daily; the mail job purges unconfirmed and
// unsubscribed signups and old mail hourly, as the privacy page says.
const stopRegistrationRetention = config.RETENTION_DAYS ? scheduleRetention(getStore, config.RETENTION_DAYS) : () => {};
// Search and chat insights: counted in memory by the routes, written every few seconds, kept
// INSIGHTS_RETENTION_DAYS (docs/insights.md). The purge runs even with INSIGHTS=off, so turning it off forgets.
const { startInsightsFlush } = await import('../src/lib/insights/recorder.ts');
const { scheduleInsightsRetention } = await import('../src/lib/insights/retention.ts');
const stopInsightsFlush = startInsightsFlush();
const stopInsightsRetention = scheduleInsightsRetention(getStore, config.INSIGHTS_RETENTION_DAYS);
// The outbox sender delivers the mail the forms committed (and, after a crash, what was committed before it).
const { createDeliver } = await import('../src/lib/mail/transport.ts');
const { startMailSender } = await import('../src/lib/mail/sender.ts');
const { startRetention } = await import('../src/lib/mail/retention.ts');
const mailer = createDeliver({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  mailDir: join(config.DATA_DIR, 'mail'),
});
const sender = startMailSender({ store, deliver: mailer.deliver, log });
const mailRetention = startRetention(store, log, join(config.DATA_DIR, 'mail'));
if (!config.SMTP_URL) log.info({ dir: join(config.DATA_DIR, 'mail') }, 'no SMTP_URL: mail is written as .eml files');

// Connect to Redis before listening, so limits are shared from the first request; Redis down is not fatal (the
// in-memory insurance limiter answers meanwhile and the client keeps reconnecting).
if (config.REDIS_URL && !config.RATE_LIMIT_DISABLED && !(await connectRedis())) {
  log.warn(
    { redis: safeUrl(config.REDIS_URL) },
    'Redis not reachable at start: rate limits are per instance until it is',
  );
}
if (config.RATE_LIMIT_DISABLED)
  log.warn('RATE_LIMIT_DISABLED=1: the forms, chat and search have no rate limits (benchmarks only)');
// Start the search workers now: Pagefind's wasm and index chunks load in the background while the server starts,
// so the first searches do not wait for them (docs/search.md). Not awaited: nothing else needs the index.
const { searchIndexLoaded } = await import('../src/lib/search/index.ts');
void searchIndexLoaded().catch((err: unknown) => log.warn({ err }, 'search: the index could not be loaded at start'));
const { handler } = (await import(pathToFileURL(serverEntry).href)) as { handler: AstroHandler };
const server = createServer({ keepAliveTimeout: 5000 }, createApp({ config, log, astroHandler: handler }));
// Requests that never become a request event: an unknown method (the parser refuses it), CONNECT (a raw socket).
server.on('clientError', onClientError).on('connect', onConnect);

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(
    { host: config.HOST, port },
    `listening on http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
  );
});

// Stop accepting connections, let in-flight requests finish, then exit; give up after 10 s.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  stopRegistrationRetention();
  stopInsightsRetention();
  server.close(() => {
    mailRetention.stop();
    // The sender finishes the message in hand and the last insights are written before the store closes; unsent
    // mail waits in the outbox.
    const stopWriters = Promise.allSettled([sender.stop().then(() => mailer.close()), stopInsightsFlush()]);
    Promise.allSettled([stopWriters.finally(closeStore), closeRedis()]).finally(() => {
      log.info('stopped');
      process.exit(0);
    });
  });
  server.closeIdleConnections();
  setTimeout(() => {
    log.warn('in-flight requests did not finish in 10 s; closing them');
    server.closeAllConnections();
    process.exit(1);
  }, 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
