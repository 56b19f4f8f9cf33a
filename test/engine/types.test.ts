import { readFileSync } from 'node:fs';
import t from 'tap';
import { RESOLVED_BY_ENGINE } from '../../workers/engine/types/derived.js';
import { CATEGORY_ORDER, FIELD_TYPES, suggestType } from '../../workers/engine/types/index.js';
import { cellContext, cellRng, paramsFor } from './cell-context.js';

const COMPAT_IDS = readFileSync(new URL('../fixtures/compat-type-ids.txt', import.meta.url), 'utf8')
  .split(/\s+/)
  .filter((id) => id !== '');

t.test('catalogue covers every compat id', async (t) => {
  t.equal(COMPAT_IDS.length, 162);
  const missing = COMPAT_IDS.filter((id) => !FIELD_TYPES.has(id));
  t.same(missing, []);
});

t.test('every entry is complete', async (t) => {
  const categories = new Set<string>();
  for (const [id, type] of FIELD_TYPES) {
    t.equal(type.id, id);
    t.ok(type.description.length > 0, `${id} description`);
    t.type(type.params, 'object', `${id} params`);
    t.not(type.example, undefined, `${id} example`);
    t.ok(CATEGORY_ORDER.includes(type.category), `${id} category`);
    t.same(type.validate(paramsFor(id)), [], `${id} accepts its default params`);
    t.equal(JSON.parse(JSON.stringify(type.example)) !== undefined, true);
    categories.add(type.category);
  }
  for (const name of ['identity', 'location', 'financial']) t.ok(categories.has(name), name);
});

t.test('seeded snapshots of every type', async (t) => {
  for (const seed of [42, 1337, 1211]) {
    const out: Record<string, unknown> = {};
    for (const [id, type] of FIELD_TYPES) {
      if (RESOLVED_BY_ENGINE.has(id) && id !== 'ref') continue; // no values of their own
      const values = [];
      for (let row = 0; row < 3; row++) {
        values.push(type.generate(cellRng(seed, row), cellContext({ seed, row }), paramsFor(id)));
      }
      out[id] = values;
    }
    t.matchSnapshot(out, `seed ${seed}`);
  }
});

t.test('seeded snapshots in non-Latin locales', async (t) => {
  const ids = ['full_name', 'email', 'username', 'address', 'city', 'phone', 'postal_code', 'company_name'];
  for (const locale of ['ja', 'ru', 'hi', 'ar']) {
    const out: Record<string, unknown> = {};
    for (const id of ids)
      out[id] = FIELD_TYPES.get(id)!.generate(cellRng(42), cellContext({ seed: 42, locale }), {});
    t.matchSnapshot(out, `locale ${locale}`);
  }
});

t.test('suggestType', async (t) => {
  t.equal(suggestType('emial'), 'email');
  t.equal(suggestType('firstname'), 'first_name');
  t.equal(suggestType('firstName'), 'first_name');
  t.equal(suggestType('phone_number'), 'phone');
  t.equal(suggestType('int'), 'integer');
  t.equal(suggestType('bool'), 'boolean');
  t.equal(suggestType('datetime_tz'), 'datetime');
  t.equal(suggestType('varchar'), 'text');
  t.equal(suggestType('uuuid'), 'uuid');
  t.equal(suggestType('qqqqqqqqqq'), undefined);
});

t.test(
  'json keys named __proto__ are keys, not the prototype (the CLI reads requests with JSON.parse)',
  async (t) => {
    const json = FIELD_TYPES.get('json')!;
    const byKeys = json.generate(cellRng(1), cellContext(), { keys: ['__proto__', 'a'] }) as object;
    t.same(Object.keys(byKeys), ['__proto__', 'a']);
    t.equal(Object.getPrototypeOf(byKeys), Object.prototype);
    const fields = JSON.parse('{"__proto__":"integer","b":"integer"}') as Record<string, string>;
    const byFields = json.generate(cellRng(1), cellContext(), { fields }) as object;
    t.same(Object.keys(byFields), ['__proto__', 'b']);
    t.match(JSON.stringify(byFields), /^\{"__proto__":-?\d+,"b":-?\d+\}$/);
  },
);
