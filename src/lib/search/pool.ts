import { Worker } from 'node:worker_threads';
import { workerSource } from './worker-source.ts';

export interface RawQuery { q: string; type?: string; limit: number; offset: number }
export interface RawHit { url: string; title: string; type: string; excerpt: string }
export interface RawAnswer { total: number; results: RawHit[] }

/**
 * Each worker's V8 heap limit. Left alone, V8 lets a worker's heap grow to 200+ MB of mostly garbage (the wasm's
 * answer for a common term is a string of several MB, per query) before collecting; a worker keeps ~30 MB alive.
 * With 64 MB, 1,110 distinct queries on the 10,000-page benchmark site through one worker left the process at 295 MB
 * RSS instead of 442 MB. The worst case we know, paging to offset 9,950 of "the" (every result parsed), still fits;
 * a worker that runs out of heap is replaced and its query fails, so raise this for far bigger sites.
 */
const HEAP_MB = 64;

interface Job { query: RawQuery; resolve(a: RawAnswer): void; reject(e: Error): void }
interface Slot { worker: Worker; job?: Job }

/**
 * Worker threads, each with its own Pagefind instance, so CPU-bound wasm searches use every core. One queue for all
 * workers, and each worker takes the next query only when it has finished the last: a query that costs 2 ms never
 * waits behind one that costs 200 ms while another worker is free (queues per worker did that). Background queries
 * (cache warming) go after every request. A worker that dies is replaced and its query fails. Workers hold the
 * process open only while they have work, so scripts that search once can exit.
 */
export class SearchPool {
  readonly #bundleDir: string;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  readonly #background: Job[] = [];
  /** Queries answered by the workers and their CPU time (µs, per thread): cost per query, insensitive to load. */
  readonly stats = { queries: 0, cpuMicros: 0 };

  constructor(bundleDir: string, size: number) {
    this.#bundleDir = bundleDir;
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  #spawn(): Slot {
    const worker = new Worker(workerSource, { eval: true, workerData: { bundleDir: this.#bundleDir }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (m: { error?: string; cpu?: number } & Partial<RawAnswer>) => {
      const job = slot.job;
      if (!job) return;
      slot.job = undefined;
      this.stats.queries++;
      this.stats.cpuMicros += m.cpu ?? 0;
      if (m.error) job.reject(new Error(`search failed: ${m.error}`));
      else job.resolve({ total: m.total!, results: m.results! });
      this.#dispatch();
    });
    const fail = (err: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      slot.job?.reject(err);
      this.#slots[index] = this.#spawn();
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search worker exited with code ${code}`)));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job) continue;
      const job = this.#queue.shift() ?? this.#background.shift();
      if (!job) {
        slot.worker.unref();
        continue;
      }
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.query);
    }
  }

  run(query: RawQuery): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ query, resolve, reject });
      this.#dispatch();
    });
  }

  /** Like run(), but only starts when no request is waiting. */
  runInBackground(query: RawQuery): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.#background.push({ query, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stop every worker (tests, benchmarks); the pool cannot be used afterwards. */
  async close(): Promise<void> {
    const slots = this.#slots.splice(0);
    for (const job of [...this.#queue.splice(0), ...this.#background.splice(0)]) job.reject(new Error('search pool closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
