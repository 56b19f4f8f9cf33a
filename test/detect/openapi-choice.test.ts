/**
 * oneOf and anyOf of several branches: each record draws a branch from its own stream, every record
 * validates (oneOf: against exactly one branch), and a oneOf whose branches overlap draws only those
 * shown to exclude the others, or its first branch, with a warning.
 */
import t from 'tap';
import { parse } from 'yaml';
import { type DetectedTable, detectSchema } from '../../src/detect/index.js';
import { compile, generateRecords } from '../../workers/engine/index.js';
import { checkRecords } from './spec-validity.js';

const SPEC = `
openapi: 3.1.0
info: { title: shop, version: '1' }
paths: {}
components:
  schemas:
    Payment:
      type: object
      required: [id, method, note, code, either]
      properties:
        id: { type: integer }
        method:
          oneOf:
            - $ref: '#/components/schemas/Card'
            - $ref: '#/components/schemas/Wallet'
            - $ref: '#/components/schemas/Transfer'
          discriminator:
            propertyName: kind
            mapping: { card: '#/components/schemas/Card', wallet: '#/components/schemas/Wallet', transfer: '#/components/schemas/Transfer' }
        note:
          oneOf:
            - { type: string, maxLength: 20 }
            - { type: integer, minimum: 0, maximum: 9 }
            - { type: 'null' }
        code:
          oneOf:
            - { type: string, enum: [a, b] }
            - { type: string }
            - { type: integer, minimum: 100, maximum: 200 }
        either:
          anyOf:
            - { type: string, maxLength: 5 }
            - { type: string, minLength: 3, maxLength: 12 }
            - { type: boolean }
        overlap:
          oneOf:
            - { type: string }
            - { type: string, maxLength: 8 }
    Card:
      type: object
      required: [kind, last4]
      properties:
        kind: { type: string, enum: [card] }
        last4: { type: string, pattern: '^[0-9]{4}$' }
    Wallet:
      type: object
      required: [kind, provider]
      properties:
        kind: { type: string, enum: [wallet] }
        provider: { type: string, enum: [apple, google] }
    Transfer:
      type: object
      required: [kind, iban]
      properties:
        kind: { const: transfer }
        iban: { type: string, pattern: '^[A-Z]{2}[0-9]{10}$' }
`;

function records(tables: readonly DetectedTable[], count: number): Record<string, unknown>[] {
  const result = compile({ tables: tables.map((x) => ({ ...x, count })), locale: 'en', seed: 9 });
  if (!result.ok) throw new Error(result.error.message);
  return generateRecords(result.plan, 'Payment', 0, count) as Record<string, unknown>[];
}

t.test('oneOf draws a branch per record; each record matches exactly one', async (t) => {
  const { tables, warnings } = detectSchema({ openapi: SPEC });
  const fields = tables[0]!.fields;
  const method = fields.find((f) => f.name === 'method')!;
  t.equal(method.type, 'one_of');
  t.equal((method.params!['of'] as unknown[]).length, 3, 'three exclusive branches (told apart by kind)');
  const rows = records(tables, 300);
  const kinds = new Set(rows.map((r) => (r['method'] as { kind: string }).kind));
  t.same([...kinds].sort(), ['card', 'transfer', 'wallet'], 'every branch is drawn');
  const notes = rows.map((r) => r['note']);
  t.ok(
    notes.some((n) => typeof n === 'string'),
    'string notes',
  );
  t.ok(
    notes.some((n) => typeof n === 'number'),
    'number notes',
  );
  t.ok(
    notes.some((n) => n === null),
    'null notes (a null branch)',
  );
  t.ok(
    rows.every((r) => typeof r['code'] === 'number'),
    'code: only the branch that excludes the others',
  );
  t.match(warnings.join('\n'), /oneOf: branches 0, 1 may match another branch too/);
  t.match(warnings.join('\n'), /overlap\/oneOf: oneOf generates its first branch only/);
  const either = new Set(rows.map((r) => typeof r['either']));
  t.same([...either].sort(), ['boolean', 'string'], 'anyOf draws among its branches');
  // `overlap` falls back to its first branch, which may match the second too: left out of the check.
  const checked = tables.map((x) => ({ ...x, fields: x.fields.filter((f) => f.name !== 'overlap') }));
  const doc = parse(SPEC) as Record<string, unknown>;
  const payment = (doc['components'] as never)['schemas']['Payment'] as {
    properties: Record<string, unknown>;
  };
  delete payment.properties['overlap'];
  t.equal(
    checkRecords(t, doc as never, 'openapi', checked, (name) => `/components/schemas/${name}`, 300),
    300,
  );
});

t.test('the branch drawn is the same in any row range', async (t) => {
  const { tables } = detectSchema({ openapi: SPEC });
  const result = compile({ tables: tables.map((x) => ({ ...x, count: 100 })), locale: 'en', seed: 9 });
  if (!result.ok) throw new Error(result.error.message);
  const whole = generateRecords(result.plan, 'Payment', 0, 100);
  const parts = [
    ...generateRecords(result.plan, 'Payment', 0, 37),
    ...generateRecords(result.plan, 'Payment', 37, 100),
  ];
  t.same(parts, whole);
});
