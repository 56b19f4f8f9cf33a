/**
 * Streaming through the worker pool: the bytes do not depend on the number of workers; a slow client
 * slows generation down instead of filling memory, and gets the same bytes although the pool's shared
 * slots are reused under its stream; a client that goes away stops the work; and the event loop stays
 * free for other requests meanwhile.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import t, { type Test } from 'tap';
import { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { envelopePieces } from '../../src/generation/pieces.js';
import { INLINE_CHUNK_BYTES, type Piece, streamPieces, wholeBody } from '../../src/generation/stream.js';
import { runsWhole, WHOLE_MAX_RECORDS } from '../../src/http/routes/generate.js';
import { compile, planSize } from '../../workers/engine/index.js';
import type { ChunkTask } from '../../workers/output/encode.js';
import { startApp, type TestServer } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

const USERS = {
  name: 'users',
  count: 12_345,
  fields: [
    { name: 'id', type: 'uuid' },
    { name: 'first_name', type: 'first_name' },
    { name: 'email', type: 'email' },
    { name: 'city', type: 'city' },
    { name: 'created_at', type: 'datetime' },
    { name: 'score', type: 'decimal', params: { min: 0, max: 10, precision: 2 } },
  ],
};
const ORDERS = {
  name: 'orders',
  count: 7_001,
  fields: [
    { name: 'id', type: 'sequence' },
    { name: 'user_id', type: 'ref', params: { table: 'users' } },
    { name: 'note', type: 'sentence', nullable: true },
  ],
};

/** Short rows: WHOLE_MAX_RECORDS of them stay within INLINE_CHUNK_BYTES. */
const NARROW = {
  name: 'counts',
  count: 1,
  fields: [
    { name: 'id', type: 'sequence' },
    { name: 'n', type: 'integer', params: { min: 0, max: 99 } },
  ],
};

/** Orders whose lines (an array of records) are a child table in CSV and SQL. */
const BASKETS = {
  name: 'baskets',
  count: 6_003,
  fields: [
    { name: 'id', type: 'sequence' },
    {
      name: 'lines',
      type: 'array',
      params: {
        of: 'object',
        min: 0,
        max: 4,
        params: {
          properties: { sku: { type: 'word' }, qty: { type: 'integer', params: { min: 1, max: 9 } } },
        },
      },
    },
  ],
};

/** A pool that counts the chunk tasks it was asked to run. */
/**
 * A pool that counts the chunks it starts and can say when none is running: `quiet()` resolves once
 * every started chunk has settled and a few turns of the event loop and a health round trip later
 * none has started since. A stream that ignored backpressure would start the next chunk as soon as
 * one settles, in the same turn, so it would never be quiet until the whole response was made.
 */
function countingPool(
  threads: number,
): GenerationPool & { started: number; quiet(server: TestServer): Promise<number> } {
  const inner = createPool(threads);
  let running = 0;
  const idle: (() => void)[] = [];
  const settled = () => {
    running--;
    if (running === 0) for (const resolve of idle.splice(0)) resolve();
  };
  const counting = {
    threads,
    warmed: inner.warmed,
    started: 0,
    run(...args: Parameters<GenerationPool['run']>) {
      counting.started++;
      running++;
      const result = inner.run(...args);
      result.then(settled, settled);
      return result;
    },
    release: (bytes: Uint8Array) => inner.release(bytes),
    close: () => inner.close(),
    async quiet(server: TestServer): Promise<number> {
      for (;;) {
        if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
        const at = counting.started;
        for (let turn = 0; turn < 3; turn++) await setImmediate();
        await (await server.request('/api/v1/health')).arrayBuffer();
        if (running === 0 && counting.started === at) return at;
      }
    },
  };
  return counting;
}

async function digest(
  server: TestServer,
  key: string,
  json: unknown,
  accept = 'application/json',
): Promise<string> {
  const response = await server.request('/api/v1/generate', { key, json, headers: { Accept: accept } });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${response.status}: ${bytes.toString()}`);
  const text = bytes.toString();
  // generation_time_ms is the one field that legitimately differs between runs.
  return createHash('sha256')
    .update(text.replace(/"generation_time_ms":[\d.]+/, ''))
    .digest('hex');
}

t.test('output is byte-identical for 0, 1 and 2 workers', async (t) => {
  const store = await embeddedStore(t);
  const requests: [unknown, string][] = [
    [{ tables: [USERS, ORDERS], seed: 11 }, 'application/json'],
    [{ tables: [USERS, ORDERS], seed: 11, format: 'csv' }, 'application/json'],
    [{ tables: [USERS, ORDERS], seed: 11, format: 'sql', sql_dialect: 'postgres' }, 'application/json'],
    [{ tables: [USERS, ORDERS], seed: 11, sql_dialect: 'mysql' }, 'application/sql'],
    [{ tables: [USERS, ORDERS], seed: 11 }, 'application/x-ndjson'],
    [{ template: 'social', scale: 2, seed: 11, format: 'sql', sql_dialect: 'sqlite' }, 'application/json'],
    [{ tables: [BASKETS], seed: 11, format: 'sql', sql_dialect: 'postgres' }, 'application/sql'],
    [{ tables: [BASKETS], seed: 11, format: 'csv' }, 'application/json'],
  ];
  const digests: string[][] = [];
  for (const threads of [0, 1, 2]) {
    const pool = createPool(threads);
    t.teardown(() => pool.close());
    const server = await startApp(t, store, { pool });
    const key = await server.key('internal');
    digests.push(await Promise.all(requests.map(([json, accept]) => digest(server, key, json, accept))));
  }
  t.same(digests[1], digests[0], '1 worker = inline');
  t.same(digests[2], digests[0], '2 workers = inline');
  t.equal(new Set(digests[0]).size, requests.length, 'the requests differ from each other');
});

/** Starts a large raw request and returns the response once headers arrive, without reading the body. */
function openStream(
  server: TestServer,
  key: string,
  count: number,
): Promise<{ res: IncomingMessage; abort: () => void }> {
  const url = new URL(`${server.url}/api/v1/generate`);
  const body = JSON.stringify({ tables: [{ ...USERS, count }], seed: 3 });
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'x-api-key': key },
    });
    req.on('response', (res) => resolve({ res, abort: () => req.destroy() }));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A server on a two-thread pool that counts its chunks, and a large raw request to it (1,000 chunks
 * if nobody stopped it) whose headers have arrived and whose body nobody reads yet.
 */
async function countedStream(t: Test) {
  const store = await embeddedStore(t);
  const pool = countingPool(2);
  t.teardown(() => pool.close());
  const server = await startApp(t, store, { pool });
  const key = await server.key('internal');
  return { pool, server, key, ...(await openStream(server, key, 5_000_000)) };
}

/** Once the client has gone, the pool goes quiet, well before the 1,000 chunks of openStream. */
async function expectStopped(
  t: Test,
  pool: Awaited<ReturnType<typeof countedStream>>['pool'],
  server: TestServer,
) {
  const afterAbort = await pool.quiet(server);
  t.ok(afterAbort < 60, `stopped early (${afterAbort} of 1,000 chunks)`);
}

t.test('a slow client slows generation; a gone client stops it', async (t) => {
  const { pool, server, key, res, abort } = await countedStream(t);
  t.equal(res.statusCode, 200);
  res.pause(); // the client stops reading

  // Meanwhile the event loop is free: health answers while the big response is pending.
  const before = performance.now();
  const health = await server.request('/api/v1/health');
  t.equal(health.status, 200, 'health answers during the stream');
  t.comment(`health answered in ${(performance.now() - before).toFixed(1)} ms during the stream`);

  const whilePaused = await pool.quiet(server);
  t.pass('no new chunks while the client does not read');
  t.ok(whilePaused < 60, `bounded work ahead of a paused client (${whilePaused} of 1,000 chunks)`);

  abort();
  await expectStopped(t, pool, server);

  // The server is fine afterwards.
  const next = await server.request('/api/v1/generate', { key, json: { tables: [{ ...USERS, count: 10 }] } });
  t.equal(next.status, 200);
  await next.text();
});

/** A raw CSV request read in small bites with pauses; resolves with the body's digest. */
function slowCsvDigest(server: TestServer, key: string, json: unknown): Promise<string> {
  const url = new URL(`${server.url}/api/v1/generate`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv', 'x-api-key': key },
    });
    req.on('response', (res) => {
      const hash = createHash('sha256');
      let sincePause = 0;
      res.on('data', (data: Buffer) => {
        hash.update(data);
        sincePause += data.length;
        if (sincePause > 256 * 1024) {
          // Stop reading for a while: the kernel's buffers fill and the server's writes wait.
          sincePause = 0;
          res.pause();
          setTimeout(() => res.resume(), 10);
        }
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(hash.digest('hex')) : reject(new Error(`${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(json));
  });
}

t.test('a slow client gets the same bytes while shared slots are reused', async (t) => {
  const store = await embeddedStore(t);
  // 200,000 rows (~20 MB): 40 chunks through the one thread's 6 slots, so slots come back and are lent
  // again while the socket is backed up, more than the kernel's buffers hold, behind the slow reader.
  const json = { tables: [{ ...USERS, count: 200_000 }], seed: 8, format: 'csv' };
  const digests: string[] = [];
  for (const threads of [0, 1]) {
    const pool = createPool(threads);
    t.teardown(() => pool.close());
    const server = await startApp(t, store, { pool });
    const key = await server.key('internal');
    digests.push(await slowCsvDigest(server, key, json));
  }
  t.equal(digests[1], digests[0], 'slow reader through the pool = inline');
});

t.test('a client that goes away while reading stops the work', async (t) => {
  const { pool, server, res, abort } = await countedStream(t);
  // Read as fast as it comes, then go away mid-stream (the server is not waiting on a paused socket).
  await new Promise<void>((resolve) => {
    let read = 0;
    res.on('data', (data: Buffer) => {
      read += data.length;
      if (read > 3_000_000) {
        abort();
        resolve();
      }
    });
  });
  await expectStopped(t, pool, server);
});

/**
 * Streams `count` pieces from a pool whose chunks each sit in shared memory of their own into an
 * output whose writes finish only later; records, per release, whether that chunk's write had
 * finished, and whether the output had finished.
 */
async function releasesThrough(highWaterMark: number, count: number) {
  const written = new Set<ArrayBufferLike>();
  const early: number[] = [];
  let beforeFinish = 0;
  let released = 0;
  let index = 0;
  const pool: GenerationPool = {
    threads: 2,
    warmed: Promise.resolve(0),
    async run() {
      const bytes = new Uint8Array(new SharedArrayBuffer(1024), 0, 1024);
      bytes.fill(index++ % 256);
      return bytes;
    },
    release(bytes) {
      released++;
      if (!written.has(bytes.buffer)) early.push(bytes[0]!);
      if (!output.writableFinished) beforeFinish++;
    },
    close: async () => {},
  };
  const output = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      setTimeout(() => {
        written.add(chunk.buffer);
        done();
      }, 1);
    },
  });
  const pieces: Piece[] = Array.from({ length: count }, () => ({ task: {} as ChunkTask }));
  const stream = streamPieces(pieces, pool, { inline: false, output });
  const closed = new Promise((resolve) => output.on('close', resolve));
  stream.pipe(output);
  await closed;
  return { early, released, beforeFinish };
}

t.test('a shared chunk is given back only once the output has written it', async (t) => {
  // An output that takes everything at once but finishes each write later: the stream must see that
  // the bytes are still being written and hold on to them.
  const eager = await releasesThrough(1 << 24, 40);
  t.same(eager.early, [], 'no chunk was given back while its write was pending');
  t.equal(eager.released, 40, 'every chunk was given back');

  // A slow output with a small buffer (a slow client): chunks go back as they are written, not when
  // the response ends, so a long response holds a few slots, not all of its chunks.
  const slow = await releasesThrough(16 * 1024, 200);
  t.same(slow.early, [], 'no chunk was given back while its write was pending');
  t.equal(slow.released, 200, 'every chunk was given back');
  t.ok(
    slow.beforeFinish >= 150,
    `most chunks went back while the output was still writing (${slow.beforeFinish} of 200)`,
  );
});

/** The bytes streamPieces gives for `pieces` on `pool`. */
async function streamed(pieces: Iterable<Piece>, pool: GenerationPool, inline: boolean): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of streamPieces(pieces, pool, { inline })) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

t.test('a response generated whole has the bytes of the streamed one, inline or on a thread', async (t) => {
  const pool = createPool(1);
  t.teardown(() => pool.close());
  const small = <T extends { count: number }>(table: T, count: number) => ({ ...table, count });
  const cases = [
    { tables: [small(USERS, 40), small(ORDERS, 60)], format: 'json' },
    { tables: [small(USERS, 40), small(ORDERS, 60)], format: 'csv' },
    { tables: [small(USERS, 40), small(ORDERS, 60)], format: 'sql' },
    { tables: [small(BASKETS, 30)], format: 'sql' },
    { tables: [small(BASKETS, 30)], format: 'csv' },
    { tables: [small(NARROW, WHOLE_MAX_RECORDS)], format: 'json' },
  ] as const;
  for (const { tables, format } of cases) {
    const compiled = compile({ tables: tables as never, locale: 'de', seed: 5 });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const { plan } = compiled;
    t.ok(runsWhole(plan, planSize(plan)), `${format}: small enough to run whole`);
    const pieces = () => envelopePieces(plan, format, 'postgres', () => '"meta":{}', INLINE_CHUNK_BYTES);
    const whole = wholeBody(pieces());
    t.ok(whole.length > 1000, `${format}: ${whole.length} bytes`);
    t.ok(whole.equals(await streamed(pieces(), pool, true)), `${format}: = streamed on the event loop`);
    t.ok(whole.equals(await streamed(pieces(), pool, false)), `${format}: = streamed from a thread`);
  }
  const over = compile({ tables: [small(NARROW, WHOLE_MAX_RECORDS + 1)], locale: 'en', seed: 5 });
  if (!over.ok) throw new Error(over.error.message);
  t.notOk(runsWhole(over.plan, planSize(over.plan)), 'one record more streams');
  const wide = compile({ tables: [small(USERS, WHOLE_MAX_RECORDS)], locale: 'en', seed: 5 });
  if (!wide.ok) throw new Error(wide.error.message);
  t.notOk(runsWhole(wide.plan, planSize(wide.plan)), 'as do fewer records past INLINE_CHUNK_BYTES');
});

t.test('small JSON envelopes answer in one piece; larger ones and raw streams are chunked', async (t) => {
  const store = await embeddedStore(t);
  const pool = createPool(1);
  t.teardown(() => pool.close());
  const server = await startApp(t, store, { pool });
  const key = await server.key('internal');
  const framing = async (count: number, accept = 'application/json') => {
    const json = { tables: [{ ...USERS, count }], seed: 2 };
    const response = await server.request('/api/v1/generate', { key, json, headers: { Accept: accept } });
    const body = await response.text();
    t.equal(response.status, 200);
    if (accept === 'application/json') t.equal(JSON.parse(body).data.users.length, count);
    return response.headers.get('content-length') === null ? 'chunked' : 'whole';
  };
  t.equal(await framing(100), 'whole');
  t.equal(await framing(WHOLE_MAX_RECORDS + 1), 'chunked');
  t.equal(await framing(100, 'application/x-ndjson'), 'chunked', 'raw streams end with a trailer');
});
