import { Worker } from 'node:worker_threads';
import type { SearchWorkerData, WorkerMessage } from './worker.ts';
import { searchWorkerCpu } from '../metrics/index.ts';

export interface RawQuery {
  q: string;
  type?: string;
  limit: number;
  offset: number;
  /** false: the caller shows no excerpt (the chat reads the pages' twins), so none is built. */
  excerpts?: false;
}
export interface RawHit {
  url: string;
  title: string;
  type: string;
  excerpt: string;
  /** The page's front matter `aliases` (Pagefind meta), when it has any. */
  aliases?: string[];
  /** The page's front matter `keywords` (Pagefind meta), when it has any: for ranking, not returned. */
  keywords?: string[];
  /** A course's level (Pagefind meta): "introductory", "intermediate", "advanced" or "graduate". */
  level?: string;
  /** A course's department's name (Pagefind meta): "Church History". */
  department?: string;
  /** A course's credits (Pagefind meta). */
  credits?: number;
  /** A course's delivery (Pagefind meta): "online", "on-campus" or "hybrid". */
  delivery?: string;
  /** The seasons of a course's terms (Pagefind meta): "spring", "summer", "fall". */
  seasons?: string[];
}
export interface RawAnswer {
  total: number;
  results: RawHit[];
}

/**
 * Each worker's V8 heap limit. Left alone, V8 lets a worker's heap grow to many times what it keeps alive (the
 * wasm's answer for a common term is a string of several MB, per query) before collecting; the limit makes it
 * collect sooner (docs/search.md has the memory measured with and without it). The worst case we know, paging to
 * offset 9,950 of "the" (every result parsed), still fits, and requests stop at offset 1,000; a worker that runs
 * out of heap is replaced and its query fails, so raise this for far bigger sites.
 */
const HEAP_MB = 64;

/** The worker's module, beside this one: src/lib is loaded from source in every setting (see worker.ts). */
const WORKER = new URL('./worker.ts', import.meta.url);

interface Job {
  query: RawQuery;
  resolve(a: RawAnswer): void;
  reject(e: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** The request queue is full: the caller should answer 503 and ask the client to come back shortly. */
export class SearchBusyError extends Error {
  constructor(max: number) {
    super(`search queue full (${max} waiting)`);
    this.name = 'SearchBusyError';
  }
}
interface Slot {
  worker: Worker;
  job?: Job;
}

/**
 * Worker threads, each with its own Pagefind instance, so CPU-bound wasm searches use every core. One queue for all
 * workers, and each worker takes the next query only when it has finished the last: a cheap query never waits
 * behind a slow one while another worker is free (as it would with a queue per worker). Background queries
 * (cache warming) go after every request. A worker that dies is replaced and its query fails. Workers hold the
 * process open only while they have work, so scripts that search once can exit.
 *
 * The request queue is bounded (`maxQueue` waiting, not counting the queries the workers run): past it, run()
 * refuses at once with SearchBusyError, so a flood costs a refusal instead of everyone's latency and memory. A
 * queued query whose AbortSignal fires (its client went away) leaves the queue before a worker takes it.
 */
export class SearchPool {
  readonly #bundleDir: string;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  readonly #background: Job[] = [];
  /** Queries answered by the workers and their CPU time (µs, per thread): cost per query, insensitive to load. */
  readonly stats = { queries: 0, cpuMicros: 0 };

  readonly #maxQueue: number;

  constructor(bundleDir: string, size: number, maxQueue = Infinity) {
    this.#bundleDir = bundleDir;
    this.#maxQueue = maxQueue;
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  #spawn(): Slot {
    const workerData: SearchWorkerData = { bundleDir: this.#bundleDir };
    const worker = new Worker(WORKER, { workerData, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (m: WorkerMessage) => {
      const job = slot.job;
      if (!job) return;
      slot.job = undefined;
      this.stats.queries++;
      if ('error' in m) job.reject(new Error(`search failed: ${m.error}`));
      else {
        this.stats.cpuMicros += m.cpu ?? 0;
        if (m.cpu !== undefined) searchWorkerCpu.observe(m.cpu / 1e6);
        job.resolve({ total: m.total, results: m.results });
      }
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
      if (job.onAbort) job.signal!.removeEventListener('abort', job.onAbort);
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.query);
    }
  }

  /**
   * Runs `query` on the next free worker. Rejects with SearchBusyError when `maxQueue` queries are already
   * waiting, and with the signal's reason (an AbortError) when `signal` aborts before a worker has taken it.
   */
  run(query: RawQuery, signal?: AbortSignal): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const idle = this.#slots.some((s) => !s.job);
      if (!idle && this.#queue.length >= this.#maxQueue) return reject(new SearchBusyError(this.#maxQueue));
      const job: Job = { query, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          const index = this.#queue.indexOf(job);
          if (index < 0) return;
          this.#queue.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /**
   * Resolves when every worker has answered `query`, i.e. has loaded Pagefind and the index chunks it needs. Meant
   * for the start, when every worker is idle: each then takes one of the copies (a busy worker could take two).
   */
  everyWorker(query: RawQuery): Promise<void> {
    return Promise.all(this.#slots.map(() => this.run(query))).then(() => {});
  }

  /** How many workers the pool keeps. */
  get size(): number {
    return this.#slots.length;
  }

  /** Requests waiting for a worker. */
  get queued(): number {
    return this.#queue.length;
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
    for (const job of [...this.#queue.splice(0), ...this.#background.splice(0)]) {
      if (job.onAbort) job.signal!.removeEventListener('abort', job.onAbort);
      job.reject(new Error('search pool closed'));
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
