import fc from 'fast-check';
import t from 'tap';
import type { TableSpec, Value } from '../../workers/engine/index.js';
import { allRows, column, planOf } from './engine-helpers.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });

const users = (count: number): TableSpec => ({
  name: 'users',
  count,
  fields: [
    { name: 'id', type: 'uuid' },
    { name: 'handle', type: 'sequence', params: { prefix: 'u' } },
  ],
});

function counted(values: Value[]): Map<Value, number> {
  const counts = new Map<Value, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

t.test('every ref value exists in its parent, for every way of picking', (t) => {
  fc.assert(
    fc.property(
      seed,
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 120 }),
      (s, parents, children) => {
        const plan = planOf(
          [
            users(parents),
            {
              name: 'posts',
              count: children,
              fields: [
                { name: 'id', type: 'uuid' },
                { name: 'uniform', type: 'ref', params: { table: 'users' } },
                {
                  name: 'skewed',
                  type: 'ref',
                  params: { table: 'users', distribution: 'power_law', alpha: 2 },
                },
                { name: 'by_handle', type: 'ref', params: { table: 'users', field: 'handle' } },
                { name: 'maybe', type: 'ref', nullable: true, params: { table: 'users', null_rate: 0.3 } },
              ],
            },
          ],
          s,
        );
        const ids = new Set(column(plan, 'users', 'id'));
        const handles = new Set(column(plan, 'users', 'handle'));
        return allRows(plan, 'posts').every(
          (r) =>
            ids.has(r[1] as Value) &&
            ids.has(r[2] as Value) &&
            handles.has(r[3] as Value) &&
            (r[4] === null || ids.has(r[4] as Value)),
        );
      },
    ),
    { numRuns: 30 },
  );
  t.end();
});

t.test('per_parent gives every parent between min and max children', (t) => {
  fc.assert(
    fc.property(
      seed,
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 4 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom('uniform', 'power_law'),
      (s, parents, min, extra, where, distribution) => {
        const max = Math.max(1, min + extra);
        const count = Math.max(1, parents * min + Math.round(where * parents * (max - min)));
        if (count > parents * max) return true;
        const plan = planOf(
          [
            users(parents),
            {
              name: 'c',
              count,
              fields: [
                {
                  name: 'u',
                  type: 'ref',
                  params: { table: 'users', distribution, per_parent: { min, max } },
                },
              ],
            },
          ],
          s,
        );
        const children = counted(column(plan, 'c', 'u'));
        return column(plan, 'users', 'id').every((id) => {
          const k = children.get(id) ?? 0;
          return k >= min && k <= max;
        });
      },
    ),
    { numRuns: 60 },
  );
  t.end();
});

t.test('unique fields, one-to-one refs and composite keys never repeat', (t) => {
  fc.assert(
    fc.property(
      seed,
      fc.integer({ min: 2, max: 25 }),
      fc.integer({ min: 1, max: 20 }),
      (s, parents, tags) => {
        const pairs = Math.min(parents * tags, 60);
        const plan = planOf(
          [
            users(parents),
            { name: 'tags', count: tags, fields: [{ name: 'id', type: 'sequence' }] },
            {
              name: 'user_tags',
              count: pairs,
              unique: [['user_id', 'tag_id']],
              fields: [
                { name: 'user_id', type: 'ref', params: { table: 'users' } },
                { name: 'tag_id', type: 'ref', params: { table: 'tags' } },
                { name: 'code', type: 'integer', unique: true, params: { min: 1, max: 60 } },
                { name: 'status', type: 'enum', unique: false, params: { values: ['a', 'b'] } },
              ],
            },
            {
              name: 'profiles',
              count: parents,
              fields: [{ name: 'user_id', type: 'ref', unique: true, params: { table: 'users' } }],
            },
          ],
          s,
        );
        const rows = allRows(plan, 'user_tags');
        const keys = new Set(rows.map((r) => `${r[0]}|${r[1]}`));
        const codes = new Set(rows.map((r) => r[2]));
        const profiles = column(plan, 'profiles', 'user_id');
        return keys.size === pairs && codes.size === pairs && new Set(profiles).size === parents;
      },
    ),
    { numRuns: 30 },
  );
  t.end();
});

t.test('a unique enum uses each value once', (t) => {
  const plan = planOf([
    {
      name: 'x',
      count: 4,
      fields: [{ name: 'e', type: 'enum', unique: true, params: { values: ['a', 'b', 'c', 'd'] } }],
    },
  ]);
  t.same(new Set(column(plan, 'x', 'e')), new Set(['a', 'b', 'c', 'd']));
  t.end();
});

t.test('per_parent inside a composite key: siblings get distinct partners', (t) => {
  fc.assert(
    fc.property(seed, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 3, max: 10 }), (s, posts, tags) => {
      const plan = planOf(
        [
          { name: 'posts', count: posts, fields: [{ name: 'id', type: 'uuid' }] },
          { name: 'tags', count: tags, fields: [{ name: 'id', type: 'uuid' }] },
          {
            name: 'post_tags',
            count: posts * 2,
            unique: [['tag_id', 'post_id']],
            fields: [
              { name: 'tag_id', type: 'ref', params: { table: 'tags' } },
              { name: 'post_id', type: 'ref', params: { table: 'posts', per_parent: { min: 1, max: 3 } } },
            ],
          },
        ],
        s,
      );
      const rows = allRows(plan, 'post_tags');
      const perPost = counted(rows.map((r) => r[1] as Value));
      const ok = [...perPost.values()].every((k) => k >= 1 && k <= 3) && perPost.size === posts;
      return ok && new Set(rows.map((r) => `${r[0]}|${r[1]}`)).size === rows.length;
    }),
    { numRuns: 30 },
  );
  t.end();
});

t.test('allow_self: false keeps refs of one row on different parents', (t) => {
  fc.assert(
    fc.property(
      seed,
      fc.integer({ min: 3, max: 30 }),
      fc.constantFrom('uniform', 'power_law'),
      (s, n, distribution) => {
        const plan = planOf(
          [
            users(n),
            {
              name: 'follows',
              count: Math.min(n * (n - 1), 80),
              unique: [['follower_id', 'followee_id']],
              fields: [
                { name: 'follower_id', type: 'ref', params: { table: 'users' } },
                { name: 'followee_id', type: 'ref', params: { table: 'users', allow_self: false } },
              ],
            },
            {
              name: 'messages',
              count: 60,
              fields: [
                { name: 'from', type: 'ref', params: { table: 'users', distribution } },
                { name: 'to', type: 'ref', params: { table: 'users', distribution, allow_self: false } },
                { name: 'cc', type: 'ref', params: { table: 'users', allow_self: false } },
              ],
            },
            {
              name: 'mentors',
              count: n,
              fields: [
                { name: 'mentee', type: 'ref', params: { table: 'users', per_parent: { min: 1, max: 1 } } },
                { name: 'mentor', type: 'ref', params: { table: 'users', allow_self: false } },
              ],
            },
          ],
          s,
        );
        const follows = allRows(plan, 'follows');
        const distinctPairs = new Set(follows.map((r) => `${r[0]}|${r[1]}`)).size === follows.length;
        const noSelf = follows.every((r) => r[0] !== r[1]);
        const messages = allRows(plan, 'messages').every(
          (r) => r[0] !== r[1] && r[0] !== r[2] && r[1] !== r[2],
        );
        const mentors = allRows(plan, 'mentors').every((r) => r[0] !== r[1]);
        return distinctPairs && noSelf && messages && mentors;
      },
    ),
    { numRuns: 30 },
  );
  t.end();
});

t.test('power_law concentrates children on few parents', (t) => {
  const plan = planOf([
    users(100),
    {
      name: 'posts',
      count: 5000,
      fields: [{ name: 'u', type: 'ref', params: { table: 'users', distribution: 'power_law' } }],
    },
  ]);
  const top = [...counted(column(plan, 'posts', 'u')).values()].sort((a, b) => b - a);
  t.ok((top[0] as number) > 500, `top parent has ${top[0]} of 5000`);
  t.end();
});
