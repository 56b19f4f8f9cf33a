import fc from 'fast-check';
import t from 'tap';
import {
  compile,
  expandTemplate,
  generateRecords,
  TEMPLATES,
  templateSummaries,
} from '../../workers/engine/index.js';
import { allRows, fingerprint } from './engine-helpers.js';
import { brokenPromises } from '../realism/checker.js';
import { scaledCount } from '../../workers/engine/expand-template.js';

const IDS = ['ecommerce', 'blog', 'saas', 'social'] as const;

function planFor(id: (typeof IDS)[number], scale: number, seed: number, locale = 'en') {
  const result = compile({ tables: expandTemplate(id, scale), seed, locale });
  if (!result.ok) throw new Error(`${id} x${scale}: ${result.error.message}`);
  return result.plan;
}

t.test('templates have exactly the interface tables and default counts', (t) => {
  t.same(
    templateSummaries().map((s) => [s.id, s.default_counts]),
    [
      ['ecommerce', { customers: 100, products: 50, orders: 300, order_items: 900, reviews: 200 }],
      ['blog', { authors: 30, posts: 150, comments: 600, tags: 20, post_tags: 400 }],
      ['saas', { organizations: 20, members: 100, subscriptions: 20, invoices: 120 }],
      ['social', { users: 150, posts: 600, likes: 3000, follows: 2000, messages: 1000 }],
    ],
  );
  t.same(expandTemplate('blog', 1), TEMPLATES[1]?.tables);
  t.end();
});

for (const seed of [42, 1337, 1211]) {
  t.test(`seeded template output at seed ${seed}`, (t) => {
    for (const id of IDS) {
      const plan = planFor(id, 1, seed);
      const sample = Object.fromEntries(
        plan.tables.map((table) => [table.name, generateRecords(plan, table.name, 0, 2)]),
      );
      const whole = fingerprint(JSON.stringify(plan.tables.map((table) => allRows(plan, table.name))));
      t.matchSnapshot({ sample, whole }, `${id} at seed ${seed}`);
    }
    t.end();
  });
}

t.test('templates keep every promise at scale 1 and in another locale', (t) => {
  for (const id of IDS) {
    t.same(brokenPromises(planFor(id, 1, 7)), [], id);
    t.same(brokenPromises(planFor(id, 0.5, 8, 'ja')), [], `${id} ja`);
  }
  t.end();
});

t.test('templates stay feasible and correct at any scale', (t) => {
  fc.assert(
    fc.property(
      fc.constantFrom(...IDS),
      fc.oneof(
        fc.constantFrom(0.1, 0.11, 0.15, 0.2, 0.25, 0.5),
        fc.double({ min: 0.1, max: 1.5, noNaN: true }),
      ),
      fc.integer({ min: 0, max: 0xffffffff }),
      (id, scale, seed) => {
        const plan = planFor(id, scale, seed);
        const template = TEMPLATES.find((x) => x.id === id);
        // Counts follow scaledCount, except where a junction's pair space is smaller.
        const countsOk = plan.tables.every((table, i) => {
          const wanted = scaledCount(template!.tables[i]!, scale);
          return table.count === wanted || (table.count < wanted && table.uniques.length > 0);
        });
        return countsOk && brokenPromises(plan).length === 0;
      },
    ),
    { numRuns: 25 },
  );
  t.end();
});

t.test('a junction at a small scale is clamped to its pair space', (t) => {
  // Eight users make 8 × 7 = 56 follows without following themselves, not the 100 that 0.05 asks.
  const tables = expandTemplate('social', 0.05);
  t.same(
    tables.map((x) => x.count),
    [8, 30, 150, 56, 50],
  );
  t.throws(() => expandTemplate('blog', 0), RangeError);
  t.end();
});

t.test('a list of names in order keeps its count below scale 1; other tables scale', (t) => {
  const count = (scale: number, table: string) =>
    expandTemplate('blog', scale).find((x) => x.name === table)!.count;
  t.equal(count(0.1, 'tags'), 20, 'every topic keeps its tags');
  t.equal(count(2, 'tags'), 40);
  t.equal(count(0.1, 'posts'), Math.round(TEMPLATES.find((x) => x.id === 'blog')!.tables[1]!.count * 0.1));
  const listed = { name: 'x', count: 20, fields: [{ name: 'n', type: 'tag', params: { in_order: true } }] };
  t.equal(scaledCount(listed, 0.5), 20);
  const ref = { name: 'r', type: 'ref', params: { table: 'y' } };
  t.equal(
    scaledCount({ ...listed, fields: [...listed.fields, ref] }, 0.5),
    10,
    'a list that points elsewhere scales',
  );
  t.end();
});
