/**
 * A bounded map that forgets the least recently used entry first (a Map keeps insertion order). Bounded by entries
 * and, when given a `sizeOf`, by an approximate total size, so a few huge values cannot take all the memory.
 */
export class Lru<K, V> {
  readonly #max: number;
  readonly #maxSize: number;
  readonly #sizeOf: (value: V) => number;
  readonly #map = new Map<K, { value: V; size: number }>();
  #size = 0;

  constructor(max: number, maxSize = Infinity, sizeOf: (value: V) => number = () => 0) {
    this.#max = max;
    this.#maxSize = maxSize;
    this.#sizeOf = sizeOf;
  }

  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.#max <= 0) return;
    this.delete(key);
    const size = this.#sizeOf(value);
    if (size > this.#maxSize) return;
    this.#map.set(key, { value, size });
    this.#size += size;
    for (const [oldest, entry] of this.#map) {
      if (this.#map.size <= this.#max && this.#size <= this.#maxSize) break;
      this.#map.delete(oldest);
      this.#size -= entry.size;
    }
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  delete(key: K): void {
    const entry = this.#map.get(key);
    if (!entry) return;
    this.#map.delete(key);
    this.#size -= entry.size;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The approximate total size of the values kept (as `sizeOf` counts it). */
  get totalSize(): number {
    return this.#size;
  }
}
