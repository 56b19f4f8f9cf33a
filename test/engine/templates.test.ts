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
        // Counts follow max(1, round(default × scale)), except where a junction's pair space is smaller.
        const countsOk = plan.tables.every((table, i) => {
          const wanted = Math.max(1, Math.round((template?.tables[i]?.count ?? 0) * scale));
          return table.count === wanted || (table.count < wanted && table.uniques.length > 0);
        });
        return countsOk && brokenPromises(plan).length === 0;
      },
    ),
    { numRuns: 25 },
  );
  t.end();
});

t.test('post_tags at scale 0.1 is clamped to the pair space', (t) => {
  const tables = expandTemplate('blog', 0.1);
  t.same(
    tables.map((x) => x.count),
    [3, 15, 60, 2, 30],
  );
  t.throws(() => expandTemplate('blog', 0), RangeError);
  t.end();
});
