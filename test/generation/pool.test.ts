/**
 * The generation pool's threads run below the event loop's priority (Linux), so health checks and
 * small requests are answered promptly while every core generates; the pool says when its threads
 * are warm; and chunks come back in shared slots that are lent to one task at a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import t from 'tap';
import { createPool } from '../../src/generation/pool.js';
import { compile } from '../../workers/engine/index.js';
import { usersTable } from '../../workers/engine/samples.js';
import { type ChunkTask, encodeChunkBytes } from '../../workers/output/encode.js';

/** Nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const linuxOnly = { skip: process.platform === 'linux' ? false : 'thread priorities are set on Linux only' };

t.test('generation threads run at a lower priority than the event loop', linuxOnly, async (t) => {
  const niced = () => threadNices().filter((nice) => nice > 0).length;
  const before = niced();
  const pool = createPool(2, { warm: true });
  t.teardown(() => pool.close());
  // Warm threads have run their start-up, which lowers their priority (slow to come on a loaded CI).
  await pool.warmed;
  let lowered = 0;
  for (let tries = 0; tries < 100 && lowered < 2; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    lowered = niced() - before;
  }
  t.equal(lowered, 2, 'both generation threads have a positive nice value');
  t.equal(getPriority(), 0, 'the event loop keeps the default priority');
});

t.test('warmed settles once every thread has run the warm-up', async (t) => {
  const pool = createPool(2, { warm: true });
  t.teardown(() => pool.close());
  const ms = await pool.warmed;
  t.ok(ms > 0, `warm-up took ${Math.round(ms)} ms`);
  const cold = createPool(0);
  t.equal(await cold.warmed, 0, 'a pool without threads has nothing to warm');
});

const compiled = compile({ tables: [usersTable(200_000)], locale: 'en', seed: 5 });
if (!compiled.ok) throw new Error('the users table compiles');
const plan = compiled.plan;
const chunk = (i: number, rows = 500): ChunkTask => ({
  plan,
  table: 'users',
  start: i * rows,
  end: (i + 1) * rows,
  options: { encoding: 'csv', dialect: 'postgres', jsonEscape: false },
});

t.test('shared slots', async (t) => {
  // One thread for these tests, made after the priority test, which counts the process's threads.
  const slotPool = createPool(1);
  t.teardown(() => slotPool.close());

  await t.test('shared chunks: slots lent one task at a time, same bytes as inline', async (t) => {
    const first = await slotPool.run(chunk(0), { shared: true });
    t.ok(first.buffer instanceof SharedArrayBuffer, 'a shared run comes back in a slot');
    t.same(Buffer.from(first), Buffer.from(encodeChunkBytes(chunk(0))), 'with the inline bytes');
    const owned = await slotPool.run(chunk(1));
    t.notOk(owned.buffer instanceof SharedArrayBuffer, 'a run without `shared` gets bytes of its own');

    // Held slots are never lent again: with all six of the thread's slots out, chunks are transferred.
    const held = [first];
    for (let i = 1; i < 6; i++) held.push(await slotPool.run(chunk(i), { shared: true }));
    t.equal(new Set(held.map((bytes) => bytes.buffer)).size, 6, 'six distinct slots');
    const overflow = await slotPool.run(chunk(6), { shared: true });
    t.notOk(overflow.buffer instanceof SharedArrayBuffer, 'the seventh is transferred');
    t.same(Buffer.from(overflow), Buffer.from(encodeChunkBytes(chunk(6))));
    for (let i = 0; i < 6; i++) {
      t.same(Buffer.from(held[i]!), Buffer.from(encodeChunkBytes(chunk(i))), `slot ${i} kept its chunk`);
    }

    // Released slots are reused; releasing twice does not lend a slot twice.
    slotPool.release(held[1]!);
    slotPool.release(first);
    slotPool.release(first); // a second release of the same chunk: ignored
    slotPool.release(overflow); // not a slot: ignored
    const again = await Promise.all([7, 8].map((i) => slotPool.run(chunk(i), { shared: true })));
    t.equal(again.filter((bytes) => bytes.buffer === first.buffer).length, 1, 'the freed slot, lent once');
    t.ok(
      again.every((bytes) => bytes.buffer instanceof SharedArrayBuffer) &&
        again[0]!.buffer !== again[1]!.buffer,
      'two freed slots, one chunk each',
    );
    t.same(
      again.map((bytes) => Buffer.from(bytes)),
      [7, 8].map((i) => Buffer.from(encodeChunkBytes(chunk(i)))),
    );
    for (const bytes of [...held, ...again]) slotPool.release(bytes); // every slot back for what follows
  });

  await t.test('a stale release does not free a slot lent again since', async (t) => {
    const a = await slotPool.run(chunk(10), { shared: true });
    slotPool.release(a);
    const b = await slotPool.run(chunk(11), { shared: true });
    t.equal(b.buffer, a.buffer, "b got a's slot (the free slots are last in, first out)");
    slotPool.release(a); // stale: the slot now holds b
    const c = await slotPool.run(chunk(12), { shared: true });
    t.not(c.buffer, b.buffer, 'c did not get the slot b still holds');
    t.same(Buffer.from(b), Buffer.from(encodeChunkBytes(chunk(11))), 'b kept its bytes');
    slotPool.release(b);
    slotPool.release(c);
  });

  await t.test('a chunk larger than a slot is transferred', async (t) => {
    const big = chunk(0, 40_000); // ~5.6 MB of CSV, over a slot's 2 MB
    const bytes = await slotPool.run(big, { shared: true });
    t.notOk(bytes.buffer instanceof SharedArrayBuffer);
    t.same(Buffer.from(bytes), Buffer.from(encodeChunkBytes(big)));
  });

  await t.test('an aborted chunk finishes in its thread and gives its slot back', async (t) => {
    // The next shared run takes the slot given back last (the free slots are last in, first out).
    const known = await slotPool.run(chunk(9), { shared: true });
    slotPool.release(known);
    const controller = new AbortController();
    const running = slotPool.run(chunk(0, 5_000), { shared: true, signal: controller.signal });
    controller.abort();
    await t.rejects(running, { name: 'AbortError' });
    const next = await slotPool.run(chunk(1), { shared: true });
    t.equal(next.buffer, known.buffer, "the aborted chunk's slot came back (a dying thread's would not)");
    t.same(Buffer.from(next), Buffer.from(encodeChunkBytes(chunk(1))));
    slotPool.release(next);
    const chunks = await Promise.all([1, 2, 3].map((i) => slotPool.run(chunk(i), { shared: true })));
    t.same(
      chunks.map((bytes) => Buffer.from(bytes)),
      [1, 2, 3].map((i) => Buffer.from(encodeChunkBytes(chunk(i)))),
    );
  });
});
