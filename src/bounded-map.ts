/**
 * A map that holds at most `limit` entries: setting one more drops the least recently used (read
 * or set). What every cache of this program that is bounded by a count uses, so none writes its own
 * eviction. A Map iterates in insertion order, so a read moves its entry to the end and the first
 * key is always the one to drop.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a bounded map holds at least one entry, not ${limit}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value kept for `key`, now the most recently used; undefined when none is kept. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Keeps `value` for `key` as the most recently used, dropping the least recently used entry when the map is full. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }
}
