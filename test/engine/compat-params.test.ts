/**
 * The params of the hosted service (test/fixtures/compat-params.json): each is accepted, changes the
 * output as it means to, and its bad values are refused with a SCHEMA_ERROR naming the field and key.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { compile, type Value } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { column, planOf } from './engine-helpers.js';

interface Entry {
  type: string;
  param: string;
  value: unknown;
  with?: Record<string, unknown>;
  bad: unknown[];
}

const FIXTURE = JSON.parse(
  readFileSync(new URL('../fixtures/compat-params.json', import.meta.url), 'utf8'),
) as { params: Entry[] };
const ROWS = 200;

const strings = (values: Value[]) => values.map((v) => String(v));
const every = (values: Value[], ok: (v: Value) => boolean) => values.every(ok);
const within = (lo: string, hi: string) => (v: Value) => String(v) >= lo && String(v) <= hi;
const numbers = (values: Value[]) => values.map((v) => Number(v));
const rec = (v: Value) => v as Record<string, Value>;
const sentences = (v: Value) => String(v).split('. ').length;

/** What each param must do to the column it is set on (`values`: ROWS values in the en locale). */
const EFFECTS: Record<string, (values: Value[]) => boolean> = {
  'gender.values': (vs) => every(vs, (v) => v === 'robot' || v === 'alien') && new Set(vs).size === 2,
  'gender.weights': (vs) => every(vs, (v) => v === 'female'),
  'date_of_birth.min_age': (vs) => every(vs, within('1986-01-01', '1986-12-31')),
  'date_of_birth.max_age': (vs) => every(vs, within('2006-01-01', '2008-12-31')),
  'phone_e164.country': (vs) => every(vs, (v) => String(v).startsWith('+49')),
  'first_name.locale': (vs) => every(vs, (v) => /^[\u0400-\u04ff-]+$/.test(String(v))),
  'last_name.locale': (vs) => every(vs, (v) => /^[\u0400-\u04ff-]+$/.test(String(v))),
  'phone.locale': (vs) => every(vs, (v) => /^(\+91 |09)\d/.test(String(v))),
  'country.code': (vs) => every(vs, (v) => v === 'US'),
  'product_name.category': (vs) =>
    every(vs, (v) =>
      /(CRM|Suite|Manager|Tracker|VPN|Backup|Editor|Antivirus|Studio|Helpdesk)$/.test(String(v)),
    ),
  'credit_card_number.network': (vs) => every(vs, (v) => /^3[47]\d{13}$/.test(String(v))),
  'tracking_number.carrier': (vs) => every(vs, (v) => /^\d{10}$/.test(String(v))),
  'credit_card_cvv.length': (vs) => every(vs, (v) => /^\d{4}$/.test(String(v))),
  'invoice_number.prefix': (vs) => every(vs, (v) => /^BILL-\d{4}-\d{6}$/.test(String(v))),
  'wallet_address.chain': (vs) => every(vs, (v) => /^[13][1-9A-HJ-NP-Za-km-z]{33}$/.test(String(v))),
  'weight.unit': (vs) => every(vs, (v) => rec(v)['unit'] === 'lb' && typeof rec(v)['value'] === 'number'),
  'weight.min': (vs) => every(vs, (v) => Number(rec(v)['value']) >= 60 && Number(rec(v)['value']) <= 100),
  'weight.max': (vs) => every(vs, (v) => Number(rec(v)['value']) >= 0.05 && Number(rec(v)['value']) <= 0.5),
  'date_future.min_days': (vs) => every(vs, within('2026-01-11', '2027-01-01')),
  'date_future.max_days': (vs) => every(vs, within('2026-01-02', '2026-01-04')),
  'date_past.min_days': (vs) => every(vs, within('2025-01-01', '2025-12-22')),
  'date_past.max_days': (vs) => every(vs, within('2025-12-29', '2025-12-31')),
  'duration.max_hours': (vs) => every(vs, (v) => /^PT(1H)?(\d+M)?$|^PT0M$/.test(String(v))),
  'id.start': (vs) => vs[0] === 100 && vs[ROWS - 1] === 100 + ROWS - 1,
  'id.step': (vs) => vs[0] === 1 && vs[1] === 6 && vs[ROWS - 1] === 1 + 5 * (ROWS - 1),
  'ip_address.version': (vs) => every(vs, (v) => /^2001:0db8(:[0-9a-f]{4}){6}$/.test(String(v))),
  'embedding_vector.dimensions': (vs) => every(vs, (v) => Array.isArray(v) && v.length === 7),
  'semver.prerelease': (vs) =>
    every(vs, (v) => /^\d+\.\d+\.\d+-(alpha|beta|rc)\.([1-9]|10)$/.test(String(v))),
  'api_key.prefix': (vs) => every(vs, (v) => /^sk_test_[A-Za-z0-9]{32}$/.test(String(v))),
  'commit_sha.short': (vs) => every(vs, (v) => /^[0-9a-f]{7}$/.test(String(v))),
  'port_number.range': (vs) => every(vs, (v) => Number(v) >= 49152 && Number(v) <= 65535),
  'file_size.min_bytes': (vs) => every(vs, (v) => v === '1.9 GB'),
  'file_size.max_bytes': (vs) => every(vs, (v) => v === '100 B'),
  'paragraph.sentences': (vs) => every(vs, (v) => sentences(v) === 2),
  'paragraph.min': (vs) => every(vs, (v) => sentences(v) === 8),
  'paragraph.max': (vs) => every(vs, (v) => sentences(v) === 1),
  'rating.min': (vs) => every(vs, (v) => v === 4 || v === 5),
  'rating.max': (vs) => every(vs, (v) => v === 1 || v === 2),
  'rating.precision': (vs) =>
    every(vs, (v) => Number(v) >= 0.5 && Number(v) <= 5 && /^\d(\.\d)?$/.test(String(v))) &&
    numbers(vs).some((v) => !Number.isInteger(v)),
  'markdown.length': (vs) => every(vs, (v) => String(v).includes('5. ') && String(v).includes('> **Note:**')),
  'employee_id.prefix': (vs) => every(vs, (v) => /^STAFF-\d{6}$/.test(String(v))),
  'salary.currency': (vs) => every(vs, (v) => rec(v)['currency'] === 'EUR' && rec(v)['period'] === 'annual'),
  'salary.period': (vs) => every(vs, (v) => rec(v)['currency'] === 'USD' && rec(v)['period'] === 'monthly'),
  'label.values': (vs) => every(vs, (v) => v === 'cat'),
  'confidence_score.min': (vs) => every(vs, (v) => Number(v) >= 0.9 && Number(v) <= 0.99),
  'confidence_score.max': (vs) => every(vs, (v) => Number(v) <= 0.2),
  'token_count.max_input': (vs) =>
    every(vs, (v) => {
      const { input, output, total } = rec(v);
      return Number(input) <= 50 && Number(output) <= 2048 && total === Number(input) + Number(output);
    }),
  'token_count.max_output': (vs) => every(vs, (v) => Number(rec(v)['output']) <= 5),
  'password_hash.rounds': (vs) => every(vs, (v) => /^\$2b\$12\$.{53}$/.test(String(v))),
  'password_hash.algorithm': (vs) =>
    every(vs, (v) => String(v).startsWith('$argon2id$v=19$m=65536,t=3,p=4$')),
  'role.values': (vs) => every(vs, (v) => v === 'owner' || v === 'intern') && new Set(vs).size === 2,
  'long_string.min_length': (vs) => every(vs, (v) => String(v).length === 20),
  'long_string.max_length': (vs) =>
    every(vs, (v) => String(v).length >= 30 && String(v).length <= 50) &&
    new Set(vs.map((v) => String(v).length)).size > 1,
  'long_string.char': (vs) =>
    every(
      vs,
      (v) =>
        String(v).length === 250 &&
        String(v).startsWith('#'.repeat(100)) &&
        String(v).split('#').join('').length === 2,
    ),
  'empty_string.frequency': (vs) => every(vs, (v) => v === ' ' || v === null) && vs.includes(null),
  'error_value.target_type': (vs) => every(vs, (v) => /@|user/.test(String(v))) && new Set(vs).size > 3,
  'image_url.width': (vs) => every(vs, (v) => String(v).endsWith('/320/480')),
  'image_url.height': (vs) => every(vs, (v) => String(v).endsWith('/640/200')),
  'json.keys': (vs) =>
    every(vs, (v) => {
      const o = rec(v);
      return (
        typeof o['enabled'] === 'boolean' &&
        Number.isInteger(o['total']) &&
        /^value_\d+$/.test(String(o['note']))
      );
    }),
  'array.min_length': (vs) => every(vs, (v) => Array.isArray(v) && v.length === 3),
  'array.max_length': (vs) => every(vs, (v) => Array.isArray(v) && v.length === 0),
  'array.values': (vs) => every(vs, (v) => Array.isArray(v) && v.length >= 1 && v.every((e) => e === 'tag')),
  'sentence.min_words': (vs) =>
    every(vs, (v) => [3, 4].includes(String(v).split(' ').length) && String(v).endsWith('.')) &&
    vs.some((v) => String(v).split(' ').length === 3),
  'sentence.max_words': (vs) => every(vs, (v) => String(v).split(' ').length === 2),
};

function columnOf(type: string, params: Record<string, unknown>, locale = 'en'): Value[] {
  return column(
    planOf([{ name: 't', count: ROWS, fields: [{ name: 'v', type, params }] }], 7, locale),
    't',
    'v',
  );
}

function issuesOf(type: string, params: Record<string, unknown>) {
  const result = compile({
    tables: [{ name: 't', count: 3, fields: [{ name: 'v', type, params }] }],
    seed: 1,
    locale: 'en',
  });
  return result.ok ? [] : result.error.details.map((d) => d.field);
}

t.test('the fixture and the effect checks cover each other', async (t) => {
  const keys = FIXTURE.params.map((e) => `${e.type}.${e.param}`);
  t.same([...keys].sort(), Object.keys(EFFECTS).sort());
});

for (const entry of FIXTURE.params) {
  const key = `${entry.type}.${entry.param}`;
  t.test(key, async (t) => {
    const type = FIELD_TYPES.get(entry.type);
    t.ok(type && entry.param in type.params, 'documented in the type catalogue');
    const params = { ...entry.with, [entry.param]: entry.value };
    const values = columnOf(entry.type, params);
    t.ok(EFFECTS[key]!(values), `honoured: ${JSON.stringify(strings(values).slice(0, 3))}`);
    t.notSame(columnOf(entry.type, params), columnOf(entry.type, entry.with ?? {}), 'changes the output');
    t.same(columnOf(entry.type, params), values, 'deterministic');
    for (const bad of entry.bad) {
      t.ok(
        issuesOf(entry.type, { ...entry.with, [entry.param]: bad }).some((f) =>
          f.startsWith(`tables[0].fields[0].params.${entry.param}`),
        ),
        `refuses ${JSON.stringify(bad)}`,
      );
    }
    const bytes = type!.maxBytes(type!.normalize ? type!.normalize(params) : params);
    t.ok(
      // Objects travel as JSON text inside CSV/SQL (quoted again in a JSON envelope); the rest as JSON values.
      values.every(
        (v) =>
          Buffer.byteLength(
            typeof v === 'object' && v !== null ? JSON.stringify(JSON.stringify(v)) : JSON.stringify(v),
          ) <= bytes,
      ),
      'within the declared worst-case size',
    );
  });
}
