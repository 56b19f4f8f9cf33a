/**
 * The plan cache: a request gets the plan its own input compiles to, never another's; a kept plan
 * generates the bytes a fresh one does, whatever ran on it before; only small, exact inputs are kept.
 */
import t from 'tap';
import { KEPT_PLAN_RECORDS, PlanCache } from '../../src/generation/plan-cache.js';
import {
  compile,
  expandTemplate,
  generateRows,
  type GenerationInput,
  TEMPLATE_IDS,
} from '../../workers/engine/index.js';
import { startApp } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

const USERS = {
  name: 'users',
  count: 50,
  fields: [
    { name: 'id', type: 'uuid' },
    { name: 'name', type: 'full_name' },
    { name: 'email', type: 'email', unique: true },
    { name: 'age', type: 'integer', params: { min: 18, max: 90 } },
  ],
};
const ORDERS = {
  name: 'orders',
  count: 80,
  fields: [
    { name: 'id', type: 'sequence' },
    { name: 'user_id', type: 'ref', params: { table: 'users' } },
  ],
};

const input = (changes: Partial<GenerationInput> = {}): GenerationInput => ({
  tables: [USERS, ORDERS],
  locale: 'en',
  seed: 7,
  ...changes,
});

/** A cache over the engine's compile that counts the compiles it runs. */
function countingCache(kept?: number) {
  const counter = { compiles: 0 };
  const cache = new PlanCache((i) => {
    counter.compiles++;
    return compile(i);
  }, kept);
  return { cache, counter };
}

function rowsOf(i: GenerationInput, compiled = compile(i)) {
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.plan.tables.map((table) => generateRows(compiled.plan, table.name, 0, table.count));
}

t.test('the same input gets its kept plan; any other input gets its own', async (t) => {
  const { cache, counter } = countingCache();
  const first = cache.compile(input());
  t.equal(cache.compile(input()), first, 'an equal input (another object) gets the kept result');
  t.equal(counter.compiles, 1);

  const others = [
    input({ seed: 8 }),
    input({ locale: 'de' }),
    input({ tables: [{ ...USERS, count: 51 }, ORDERS] }),
    input({ tables: [USERS, { ...ORDERS, count: 79 }] }),
    input({
      tables: [
        {
          ...USERS,
          fields: [...USERS.fields.slice(0, 3), { ...USERS.fields[3]!, params: { min: 18, max: 91 } }],
        },
        ORDERS,
      ],
    }),
    input({
      tables: [
        { ...USERS, name: 'people' },
        {
          ...ORDERS,
          fields: [ORDERS.fields[0]!, { name: 'user_id', type: 'ref', params: { table: 'people' } }],
        },
      ],
    }),
  ];
  for (const other of others) {
    const result = cache.compile(other);
    t.not(result, first, 'not the kept plan of another input');
    t.same(result, compile(other), 'the plan its own input compiles to');
    t.same(rowsOf(other, cache.compile(other)), rowsOf(other), 'and the rows of a fresh plan');
  }
  t.equal(counter.compiles, 1 + others.length, 'each input compiled once');
  t.same(rowsOf(input(), cache.compile(input())), rowsOf(input()), 'the first input still gets its own rows');
});

t.test('a kept plan generates the rows of a fresh one, whatever was generated from it before', async (t) => {
  const cache = new PlanCache();
  const compiled = cache.compile(input());
  if (!compiled.ok) throw new Error(compiled.error.message);
  // Rows out of order and twice, as requests sharing the plan would ask for them.
  generateRows(compiled.plan, 'orders', 40, 80);
  generateRows(compiled.plan, 'users', 10, 20);
  generateRows(compiled.plan, 'orders', 0, 80);
  t.same(rowsOf(input(), cache.compile(input())), rowsOf(input()));
});

t.test('every template: a kept plan asked for rows out of order gives the rows of a fresh one', async (t) => {
  for (const id of TEMPLATE_IDS) {
    const tables = expandTemplate(id, 0.1);
    const kept = new PlanCache().compile({ tables, locale: 'fr', seed: 21 });
    if (!kept.ok) throw new Error(kept.error.message);
    const { plan } = kept;
    // Requests sharing the plan take turns chunk by chunk: later rows first, children before parents.
    for (const table of [...plan.tables].reverse()) {
      const half = Math.floor(table.count / 2);
      generateRows(plan, table.name, half, table.count);
      generateRows(plan, table.name, 0, half);
    }
    t.same(rowsOf({ tables, locale: 'fr', seed: 21 }, kept), rowsOf({ tables, locale: 'fr', seed: 21 }), id);
  }
});

t.test('only small, exact, compiled inputs are kept, the least recently used pushed out first', async (t) => {
  const { cache, counter } = countingCache(2);
  const large = input({ tables: [{ ...USERS, count: KEPT_PLAN_RECORDS + 1 }] });
  cache.compile(large);
  cache.compile(large);
  t.equal(counter.compiles, 2, 'a plan of more records than KEPT_PLAN_RECORDS is not kept');

  const bad = input({ tables: [{ ...USERS, fields: [{ name: 'x', type: 'no_such_type' }] }] });
  t.equal(cache.compile(bad).ok, false);
  t.equal(cache.compile(bad).ok, false);
  t.equal(counter.compiles, 4, 'a refused input is not kept');

  const negativeZero = input({
    tables: [{ ...USERS, fields: [{ name: 'n', type: 'integer', params: { min: -0, max: 3 } }] }],
  });
  cache.compile(negativeZero);
  cache.compile(negativeZero);
  t.equal(counter.compiles, 6, 'an input with -0, which JSON writes as 0, is not kept');
  t.equal(cache.size, 0);

  const [a, b, c] = [input({ seed: 1 }), input({ seed: 2 }), input({ seed: 3 })];
  cache.compile(a);
  cache.compile(b);
  cache.compile(a); // a is now the most recently used
  cache.compile(c); // pushes out b
  t.equal(cache.size, 2);
  const before = counter.compiles;
  cache.compile(a);
  cache.compile(c);
  t.equal(counter.compiles, before, 'a and c are kept');
  cache.compile(b);
  t.equal(counter.compiles, before + 1, 'b was pushed out');
});

t.test('over HTTP, requests taking turns each get their own bytes', async (t) => {
  const store = await embeddedStore(t);
  const server = await startApp(t, store);
  const key = await server.key('internal');
  const body = async (json: unknown) => {
    const response = await server.request('/api/v1/generate', { key, json });
    t.equal(response.status, 200);
    return JSON.stringify(((await response.json()) as { data: unknown }).data);
  };
  const a = { tables: [USERS, ORDERS], seed: 3 };
  const b = { tables: [USERS, ORDERS], seed: 4 };
  const first = [await body(a), await body(b)];
  t.not(first[0], first[1]);
  const again = await Promise.all([body(b), body(a), body(b), body(a)]);
  t.same(again, [first[1], first[0], first[1], first[0]]);
});
