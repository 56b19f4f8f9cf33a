/**
 * A job's part, in each stored codec: it reads back as the bytes the raw stream has for the same rows
 * (gzip parts end to end are one deflate stream), its raw size and CRC-32 are counted, and every chunk it took in one of the pool's shared slots is given back once the
 * compressor has read it (slots kept would leave later chunks to be transferred, garbage on the event
 * loop again).
 */
import { brotliDecompressSync, crc32, inflateRawSync } from 'node:zlib';
import t from 'tap';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { streamPieces, tablePieces } from '../../src/generation/stream.js';
import { type GeneratedPart, generatePart, type StoredCodec } from '../../src/jobs/generate-part.js';
import { FINAL_BLOCK } from '../../src/jobs/gzip-stream.js';
import { compile } from '../../workers/engine/index.js';
import { usersTable } from '../../workers/engine/samples.js';

const compiled = compile({ tables: [usersTable(12_000)], locale: 'en', seed: 7 });
if (!compiled.ok) throw new Error(compiled.error.message);
const { plan } = compiled;

/** The pool, recording which chunks came in shared slots and which of them were given back. */
function watchedPool(inner: GenerationPool) {
  const lent = new Set<Uint8Array>();
  const released = new Set<Uint8Array>();
  const pool: GenerationPool = {
    threads: inner.threads,
    warmed: inner.warmed,
    async run(task, options) {
      const bytes = await inner.run(task, options);
      if (bytes.buffer instanceof SharedArrayBuffer) lent.add(bytes);
      return bytes;
    },
    release(bytes) {
      if (lent.has(bytes)) released.add(bytes);
      inner.release(bytes);
    },
    close: () => inner.close(),
  };
  return { pool, lent, released };
}

async function rawBytes(pool: GenerationPool, from: number, to: number): Promise<Buffer> {
  const pieces = tablePieces(
    plan,
    'users',
    { encoding: 'csv', dialect: 'postgres', jsonEscape: false },
    undefined,
    {
      from,
      to,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of streamPieces(pieces, pool, { inline: true })) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const csv = (codec: StoredCodec) => ({ encoding: 'csv', dialect: 'postgres', codec }) as const;

/** The raw bytes of parts placed end to end, as a download reads them. */
function rawOf(codec: StoredCodec, parts: GeneratedPart[]): Buffer {
  if (codec === 'none') return Buffer.concat(parts.map((p) => p.stored));
  if (codec === 'br') return Buffer.concat(parts.map((p) => brotliDecompressSync(p.stored)));
  // gzip: the stored parts are one deflate stream once a final block ends them.
  return inflateRawSync(Buffer.concat([...parts.map((p) => p.stored), FINAL_BLOCK]));
}

for (const codec of ['gzip', 'none', 'br'] as const) {
  t.test(`${codec}: a part holds the raw rows, counted, and gives back every shared slot`, async (t) => {
    const inner = createPool(2);
    t.teardown(() => inner.close());
    const { pool, lent, released } = watchedPool(inner);
    const range = { table: 'users', start: 1_000, end: 11_000 };
    const part = await generatePart(pool, plan, range, csv(codec));
    const expected = await rawBytes(inner, range.start, range.end);
    t.equal(part.rawBytes, expected.length, 'raw bytes counted');
    t.equal(part.crc32, crc32(expected), 'their CRC-32');
    if (codec !== 'none') t.ok(part.stored.length < expected.length / 1.5, 'compressed');
    t.ok(rawOf(codec, [part]).equals(expected), 'the same bytes as the raw stream');
    t.ok(lent.size > 0, 'chunks came in shared slots');
    t.equal(released.size, lent.size, 'every slot given back');
    // Two parts at once, as JOB_CONCURRENCY 2 runs them: each gets its own bytes, every slot comes back.
    lent.clear();
    released.clear();
    const [a, b] = await Promise.all([
      generatePart(pool, plan, { table: 'users', start: 0, end: 6_000 }, csv(codec)),
      generatePart(pool, plan, { table: 'users', start: 6_000, end: 12_000 }, csv(codec)),
    ]);
    t.ok(
      rawOf(codec, [a!, b!]).equals(await rawBytes(inner, 0, 12_000)),
      'two parts at once: the rows in order',
    );
    t.equal(released.size, lent.size, 'every slot given back');
  });
}
