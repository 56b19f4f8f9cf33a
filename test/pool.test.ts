/**
 * The generation pool's threads run below the event loop's priority (Linux), so health checks and
 * small requests are answered promptly while every core generates; and the pool says when its
 * threads are warm.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import t from 'tap';
import { createPool } from '../src/pool.js';

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
