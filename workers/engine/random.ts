/**
 * Counter-based randomness: every cell's stream is derived by hashing (seed, table, field, row), so a
 * value never depends on which rows were generated before it, on which worker, or in which chunk.
 */
import type { Rng } from './field-type.js';

const GOLDEN = 0x9e3779b9;
const TWO_POW_32 = 4294967296;

/** MurmurHash3's 32-bit finalizer: a fast, well-distributed bijection on uint32. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finalized with mix32: a stable key for a table or field name. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Combines two 32-bit keys into one, order-sensitively. */
export function combine(a: number, b: number): number {
  return mix32((a ^ Math.imul(b >>> 0, GOLDEN)) + 0x7f4a7c15);
}

/** The row's share of a cell key; hot loops compute it once per row for all of the row's cells. */
export function rowMix(row: number): number {
  // Rows may exceed 2^32 in principle; fold the high part in so such rows still get distinct streams.
  const high = Math.floor(row / TWO_POW_32);
  return mix32((row >>> 0) + GOLDEN) ^ Math.imul(high, 0x27d4eb2f);
}

/** The key of one cell's stream. `streamKey` is `combine(combine(seed, table), field)`, computed once. */
export function cellKey(streamKey: number, row: number): number {
  return mix32(streamKey ^ rowMix(row));
}

/**
 * SplitMix32-style generator. One instance is reused across cells with `reset`, so the hot path
 * allocates nothing.
 */
export class CellRng implements Rng {
  private state = 0;

  constructor(key = 0) {
    this.state = key | 0;
  }

  /** Starts the stream of another cell. */
  reset(key: number): this {
    this.state = key | 0;
    return this;
  }

  u32(): number {
    this.state = (this.state + GOLDEN) | 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  float(): number {
    return this.u32() / TWO_POW_32;
  }

  int(min: number, max: number): number {
    const span = max - min + 1;
    if (span <= TWO_POW_32) return min + Math.floor(this.float() * span);
    // 53 bits from two draws for wide ranges.
    const wide = (this.u32() >>> 5) * 67108864 + (this.u32() >>> 6);
    return min + Math.floor((wide / 9007199254740992) * span);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.float() < p;
  }
}
