/**
 * Counts and keys a prompt's tables end with: a junction keeps its unique pair when its per_parent
 * range fits the partners (counted as the engine counts them, allow_self: false included), and
 * otherwise keeps the range, losing the pair and a `match` that draws within it. The engine then
 * accepts the tables either way.
 */
import t from 'tap';
import { fitCounts } from '../../src/prompt/counts.js';
import { compile, type TableSpec } from '../../workers/engine/index.js';

const junction = (partners: number, max: number, selfFree = false): TableSpec[] => [
  {
    name: 'users',
    count: partners,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'topic', type: 'title' },
    ],
  },
  {
    name: 'links',
    count: 0,
    unique: [['a', 'b']],
    fields: [
      { name: 'id', type: 'uuid' },
      {
        name: 'a',
        type: 'ref',
        params: { table: 'users', per_parent: { min: 1, max }, ...(selfFree ? { allow_self: false } : {}) },
      },
      {
        name: 'b',
        type: 'ref',
        params: {
          table: 'users',
          match: { field: 'topic', by: 'a.topic' },
          ...(selfFree ? { allow_self: false } : {}),
        },
      },
    ],
  },
];

const accepted = (tables: TableSpec[]) => compile({ tables, seed: 1, locale: 'en' }).ok;

t.test('a per_parent range that fits keeps the pair and its match', async (t) => {
  const tables = junction(5, 4);
  fitCounts(tables);
  t.same(tables[1]!.unique, [['a', 'b']]);
  t.ok(tables[1]!.fields[2]!.params?.['match'], 'match kept');
});

t.test('one that does not fit loses the pair and the match, and the engine accepts the rest', async (t) => {
  for (const [name, tables] of [
    ['too few partners', junction(3, 4)],
    ['one fewer under allow_self: false', junction(4, 4, true)],
  ] as const) {
    fitCounts(tables);
    t.equal(tables[1]!.unique, undefined, `${name}: no pair`);
    t.equal(tables[1]!.fields[2]!.params?.['match'], undefined, `${name}: no match`);
    t.ok(accepted(tables), `${name}: compiles`);
  }
  const fits = junction(5, 4, true);
  fitCounts(fits);
  t.same(fits[1]!.unique, [['a', 'b']], 'five users leave four partners each under allow_self: false');
});
