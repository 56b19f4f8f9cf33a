/**
 * Keyed pseudo-random permutations of [0, size): the engine's tool for guaranteed uniqueness. Row r of
 * a unique field takes value number permute(r), so distinct rows get distinct values with no state and
 * in any chunking.
 */
import { mix32 } from './random.js';

const GOLDEN = 0x9e3779b9;
/** Halves stay within 26 bits so round arithmetic fits int32; the domain is at most 2^52. */
export const MAX_PERMUTATION_SIZE = 2 ** 52;
/** Domains up to this size walk values below 2^30 (halves of at most 15 bits): int32 arithmetic. */
const SMALL = 2 ** 30;

/**
 * A balanced 4-round Feistel network on the smallest even power of two >= size, cycle-walking values
 * that fall outside [0, size) (the domain is < 4 * size, so on average fewer than 4 walks).
 */
export class Permutation {
  private size = 1;
  private half = 2;
  private mask = 1;
  private bits = 1;
  private k0 = 0;
  private k1 = 0;
  private k2 = 0;
  private k3 = 0;

  constructor(size = 1, key = 0) {
    this.reset(size, key);
  }

  /** Re-keys this instance for another domain, without allocating. */
  reset(size: number, key: number): this {
    if (size !== this.size || this.half === 2) {
      this.size = size;
      let bits = 1;
      while (2 ** (2 * bits) < size) bits++;
      this.half = 2 ** bits;
      this.mask = this.half - 1;
      this.bits = bits;
    }
    this.k0 = mix32(key + GOLDEN);
    this.k1 = mix32(key + 2 * GOLDEN);
    this.k2 = mix32(key + 3 * GOLDEN);
    this.k3 = mix32(key + 4 * GOLDEN);
    return this;
  }

  /** The image of `index` (0 <= index < size). */
  at(index: number): number {
    const { size, half, mask } = this;
    if (size <= 1) return 0;
    let x = index;
    if (size <= SMALL) {
      // Every value fits int32: shifts and masks instead of float division (same results).
      const bits = this.bits;
      do {
        let left = x >>> bits;
        let right = x & mask;
        left ^= mix32(right ^ this.k0) & mask;
        right ^= mix32(left ^ this.k1) & mask;
        left ^= mix32(right ^ this.k2) & mask;
        right ^= mix32(left ^ this.k3) & mask;
        x = (left << bits) | right;
      } while (x >= size);
      return x;
    }
    do {
      let left = Math.floor(x / half);
      let right = x - left * half;
      left ^= mix32(right ^ this.k0) & mask;
      right ^= mix32(left ^ this.k1) & mask;
      left ^= mix32(right ^ this.k2) & mask;
      right ^= mix32(left ^ this.k3) & mask;
      x = left * half + right;
    } while (x >= size);
    return x;
  }

  /** The index whose image is `value`: the inverse rounds, cycle-walking back through the same chain. */
  inverse(value: number): number {
    const { size, half, mask } = this;
    if (size <= 1) return 0;
    let x = value;
    do {
      let left = Math.floor(x / half);
      let right = x - left * half;
      right ^= mix32(left ^ this.k3) & mask;
      left ^= mix32(right ^ this.k2) & mask;
      right ^= mix32(left ^ this.k1) & mask;
      left ^= mix32(right ^ this.k0) & mask;
      x = left * half + right;
    } while (x >= size);
    return x;
  }
}

const shared = new Permutation();

/** The image of `index` under the permutation of [0, size) keyed by `key`. */
export function permute(index: number, size: number, key: number): number {
  return shared.reset(size, key).at(index);
}
