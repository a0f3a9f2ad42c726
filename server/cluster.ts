/**
 * WEB_CONCURRENCY > 1: this primary process forks that many server processes (server/instance.ts) which share the
 * port (node:cluster hands connections out round-robin), and serves them what must be one for all of them:
 * - the rate-limit counters, when there is no REDIS_URL: rate-limiter-flexible's cluster master keeps them here and
 *   each process asks over IPC (src/lib/limits/create-limiter.ts), so a limit is exact however requests spread;
 * - /metrics: the process a scrape reaches asks here, and prom-client's AggregatorRegistry sums every process's
 *   registry (histograms and counters add up; gauges add up or, where prom-client says so, average).
 * A process that dies is replaced; SIGTERM/SIGINT drains every process (each runs its own graceful shutdown) and
 * then exits. A process that dies before it ever listened (bad DATA_DIR, unreachable database) stops the whole
 * server, as it would with one process, instead of being restarted in a loop.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';

const METRICS_REQUEST = 'institute:metrics-request';
const METRICS_ANSWER = 'institute:metrics-answer';

/** WEB_CONCURRENCY as a number of processes: `auto` is one per core. */
export const processCount = (value: number | 'auto') => (value === 'auto' ? availableParallelism() : value);

export async function runPrimary(processes: number): Promise<void> {
  const { log } = await import('../src/lib/log.ts');
  // Migrate the store once, before any process opens it, so two processes never race a migration.
  const { openStore, closeStore } = await import('../src/lib/store/index.ts');
  try {
    await openStore();
    await closeStore();
  } catch (err) {
    console.error(`The submissions store could not be opened: ${(err as Error).message}`);
    process.exit(1);
  }
  new RateLimiterClusterMaster();
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, error: err.message }),
    );
  });

  const listened = new WeakSet<Worker>();
  const fork = () =>
    cluster.fork().once('listening', function (this: Worker) {
      listened.add(this);
    });
  let stopping = false;
  let exitCode = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && listened.has(worker)) {
      log.warn({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
      fork();
      return;
    }
    if (!stopping) {
      log.error({ pid: worker.process.pid, code }, 'a server process stopped before it listened; stopping the server');
      exitCode = code || 1;
      stop('startup failure');
    }
    if (code) exitCode ||= code;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: Object.keys(cluster.workers ?? {}).length }, 'shutting down every server process');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log.info({ processes }, `starting ${processes} server processes (WEB_CONCURRENCY)`);
  for (let i = 0; i < processes; i++) fork();
}

/** In a forked process: let the primary's AggregatorRegistry read this process's metrics. */
export function shareMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry(); // adds prom-client's listener for the primary's requests
}

let nextRequest = 0;
let answersHeard = false;
const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();

/** The metrics of every process, as the primary aggregates them; one process's own text when not clustered. */
export function allMetrics(registry: Registry): Promise<string> {
  if (!cluster.isWorker) return registry.metrics();
  if (!answersHeard) {
    answersHeard = true;
    process.on('message', (message: { type?: string; id?: number; text?: string; error?: string }) => {
      if (message?.type !== METRICS_ANSWER) return;
      const request = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error) request?.reject(new Error(message.error));
      else request?.resolve(message.text!);
    });
  }
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    process.send!({ type: METRICS_REQUEST, id });
  });
}
