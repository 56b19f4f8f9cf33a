/**
 * One gzip stream from parts compressed apart (RFC 1951, 1952). Each stored part is raw deflate ended by
 * a sync flush instead of a final block, so the parts placed end to end are one valid deflate stream
 * (no part refers back into another's bytes). A download of a job's parts is then the gzip header,
 * the stored parts as they are, an empty final block, and the trailer: the CRC-32 of all the raw
 * bytes, combined from the parts' own CRCs without reading the data, and their length.
 *
 * A single member, not one gzip member per part: RFC 1952 allows several, but curl and browsers stop
 * after the first (curl fails with "Multi-member gzip response not supported").
 */
import { constants, deflateRawSync } from 'node:zlib';

/** ID1 ID2, CM deflate, no flags, no mtime, no extra flags, OS Unix. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final fixed-Huffman block holding nothing: BFINAL 1, BTYPE 01, end-of-block code. */
export const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** What every stored part is compressed with: gzip's fastest level, ended by a sync flush. */
export const DEFLATE_OPTIONS = {
  level: 1,
  // A bigger hash table: ~15% faster at level 1 on generated CSV, the same ratio.
  memLevel: 9,
  finishFlush: constants.Z_SYNC_FLUSH,
} as const;

/** Fixed text (a CSV header) as a stored part is compressed. */
export const deflatePart = (text: Buffer): Buffer => deflateRawSync(text, DEFLATE_OPTIONS);

/** The gzip trailer: the CRC-32 and the length modulo 2^32 of the raw bytes, little-endian. */
export function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC-32 polynomial, bits reflected as the CRC keeps them. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N: readonly number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multiplyModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8·bytes) modulo the polynomial: the shift a CRC undergoes over `bytes` bytes. */
function shiftOf(bytes: number): number {
  let p = 0x80000000; // x^0
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) p = multiplyModP(X2N[k % 32]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length (zlib's crc32_combine). */
export function combineCrc32(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftOf(lengthB), crcA) ^ crcB) >>> 0;
}
