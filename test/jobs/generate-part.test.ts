/**
 * A job's part: compressed, it decompresses to the bytes the raw stream has for the same rows, its raw
 * size is counted, and every chunk it took in one of the pool's shared slots is given back once the
 * compressor has read it (slots kept would leave later chunks to be transferred, garbage on the event
 * loop again).
 */
import { brotliDecompressSync } from 'node:zlib';
import t from 'tap';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { streamPieces, tablePieces } from '../../src/generation/stream.js';
import { generatePart } from '../../src/jobs/generate-part.js';
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

t.test('a part decompresses to the raw rows, and gives back every shared slot', async (t) => {
  const inner = createPool(2);
  t.teardown(() => inner.close());
  const { pool, lent, released } = watchedPool(inner);
  const range = { table: 'users', start: 1_000, end: 11_000 };
  const part = await generatePart(pool, plan, range, 'csv', 'postgres');
  const expected = await rawBytes(inner, range.start, range.end);
  t.equal(part.rawBytes, expected.length, 'raw bytes counted');
  t.ok(part.compressed.length < expected.length, 'compressed');
  t.ok(brotliDecompressSync(part.compressed).equals(expected), 'the same bytes as the raw stream');
  t.ok(lent.size > 0, 'chunks came in shared slots');
  t.equal(released.size, lent.size, 'every slot given back');
  // Two parts at once, as JOB_CONCURRENCY 2 runs them: each gets its own bytes, every slot comes back.
  lent.clear();
  released.clear();
  const [a, b] = await Promise.all([
    generatePart(pool, plan, { table: 'users', start: 0, end: 6_000 }, 'csv', 'postgres'),
    generatePart(pool, plan, { table: 'users', start: 6_000, end: 12_000 }, 'csv', 'postgres'),
  ]);
  t.ok(
    Buffer.concat([brotliDecompressSync(a.compressed), brotliDecompressSync(b.compressed)]).equals(
      await rawBytes(inner, 0, 12_000),
    ),
    'two parts at once: the rows in order',
  );
  t.equal(released.size, lent.size, 'every slot given back');
});
