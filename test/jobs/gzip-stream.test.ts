/**
 * One gzip stream from parts deflated apart: the CRC-32 of a whole is combined from its parts' CRCs
 * and lengths as zlib's crc32_combine does, and parts framed by the header, a final block and the
 * trailer read back as the whole, in Node's gunzip and in the `gzip` program.
 */
import { execFileSync } from 'node:child_process';
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import {
  combineCrc32,
  deflatePart,
  FINAL_BLOCK,
  GZIP_HEADER,
  gzipTrailer,
} from '../../src/jobs/gzip-stream.js';

const parts = fc.array(fc.uint8Array({ maxLength: 5000 }), { minLength: 1, maxLength: 6 });

t.test('a combined CRC-32 is the CRC-32 of the concatenation', async (t) => {
  fc.assert(
    fc.property(parts, (pieces) => {
      const combined = pieces.reduce((crc, piece) => combineCrc32(crc, crc32(piece), piece.length), 0);
      return combined === crc32(Buffer.concat(pieces));
    }),
    { numRuns: 300 },
  );
  // A part of megabytes, as a job's are.
  const big = Buffer.alloc(3_000_000, 0x61);
  t.equal(
    combineCrc32(crc32('abc'), crc32(big), big.length),
    crc32(Buffer.concat([Buffer.from('abc'), big])),
  );
  t.equal(combineCrc32(crc32('abc'), crc32(''), 0), crc32('abc'), 'an empty part changes nothing');
});

t.test('parts deflated apart are one gzip stream between header, final block and trailer', async (t) => {
  fc.assert(
    fc.property(parts, (pieces) => {
      const whole = Buffer.concat(pieces);
      const body = Buffer.concat([
        GZIP_HEADER,
        ...pieces.map((piece) => deflatePart(Buffer.from(piece))),
        FINAL_BLOCK,
        gzipTrailer(crc32(whole), whole.length),
      ]);
      return gunzipSync(body).equals(whole);
    }),
    { numRuns: 100 },
  );
  const text = ['id,name\n', '1,Ada\n2,Grace\n', '3,Édith\n'].map((s) => Buffer.from(s));
  const whole = Buffer.concat(text);
  const body = Buffer.concat([
    GZIP_HEADER,
    ...text.map(deflatePart),
    FINAL_BLOCK,
    gzipTrailer(crc32(whole), whole.length),
  ]);
  // The gzip program checks the trailer and reads one member.
  t.equal(execFileSync('gzip', ['-dc'], { input: body }).toString(), whole.toString(), 'gzip -d agrees');
  t.equal(gzipTrailer(0, 2 ** 32 + 5).readUInt32LE(4), 5, 'the length is kept modulo 2^32');
});
