import { Worker } from 'node:worker_threads';
import { workerSource } from './worker-source.ts';

export interface RawQuery { q: string; type?: string; limit: number; offset: number }
export interface RawHit { url: string; title: string; type: string; excerpt: string }
export interface RawAnswer { total: number; results: RawHit[] }

interface Pending { resolve(a: RawAnswer): void; reject(e: Error): void }
interface Slot { worker: Worker; pending: Map<number, Pending> }
interface Deferred { query: RawQuery; resolve(a: RawAnswer): void; reject(e: Error): void }

/**
 * Worker threads, each with its own Pagefind instance, so CPU-bound wasm searches use every core. A query goes to
 * the worker with the fewest in flight; a worker that dies is replaced and its queries fail. Background queries
 * (cache warming) wait until a worker is idle, so they never delay a request. Workers hold the process open only
 * while they have work, so scripts that search once can exit.
 */
export class SearchPool {
  readonly #bundleDir: string;
  readonly #slots: Slot[] = [];
  readonly #background: Deferred[] = [];
  #nextId = 1;
  /** Queries answered by the workers and their CPU time (µs, per thread): cost per query, insensitive to load. */
  readonly stats = { queries: 0, cpuMicros: 0 };

  constructor(bundleDir: string, size: number) {
    this.#bundleDir = bundleDir;
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  #spawn(): Slot {
    const worker = new Worker(workerSource, { eval: true, workerData: { bundleDir: this.#bundleDir } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; error?: string; cpu?: number } & Partial<RawAnswer>) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (slot.pending.size === 0) worker.unref();
      this.stats.queries++;
      this.stats.cpuMicros += m.cpu ?? 0;
      if (m.error) p.reject(new Error(`search failed: ${m.error}`));
      else p.resolve({ total: m.total!, results: m.results! });
      this.#drainBackground();
    });
    const fail = (err: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      this.#slots[index] = this.#spawn();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search worker exited with code ${code}`)));
    return slot;
  }

  #send(slot: Slot, query: RawQuery, pending: Pending): void {
    const id = this.#nextId++;
    if (slot.pending.size === 0) slot.worker.ref();
    slot.pending.set(id, pending);
    slot.worker.postMessage({ id, ...query });
  }

  run(query: RawQuery): Promise<RawAnswer> {
    let slot = this.#slots[0];
    for (const s of this.#slots) if (s.pending.size < slot.pending.size) slot = s;
    return new Promise((resolve, reject) => this.#send(slot, query, { resolve, reject }));
  }

  /** Like run(), but only starts when a worker has nothing else to do. */
  runInBackground(query: RawQuery): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.#background.push({ query, resolve, reject });
      this.#drainBackground();
    });
  }

  #drainBackground(): void {
    for (const slot of this.#slots) {
      if (this.#background.length === 0) return;
      if (slot.pending.size === 0) {
        const next = this.#background.shift()!;
        this.#send(slot, next.query, next);
      }
    }
  }

  /** Stop every worker (tests, benchmarks); the pool cannot be used afterwards. */
  async close(): Promise<void> {
    const slots = this.#slots.splice(0);
    for (const d of this.#background.splice(0)) d.reject(new Error('search pool closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
