/**
 * Values the engine derives from other rows rather than draws: `lookup` copies a field of the row a
 * ref points to, `aggregate` computes over the child rows a per_parent ref gives this row. Like `ref`,
 * their values and column kinds are resolved by the compiler (compile-derived.ts); `generate` is
 * never called.
 */
import type { FieldType } from '../field-type.js';
import { define } from './define.js';
import { check } from './params.js';

const FIELD_PATH = /^[^.\s]+(\.[^.\s]+)?$/;
/** Types whose values may be null without `nullable` (SQL columns of them must accept NULL). */
export const NULL_CAPABLE_TYPES: ReadonlySet<string> = new Set(['nullable', 'error_value', 'empty_string']);

/**
 * Whether a field of `type` with `params` may hold null without `nullable`: a `constant` without value,
 * and an `enum` without values or with null among them.
 */
export function nullCapable(type: string, params: Readonly<Record<string, unknown>>): boolean {
  if (NULL_CAPABLE_TYPES.has(type)) return true;
  if (type === 'constant') return params['value'] == null;
  if (type === 'enum') {
    const values = params['values'];
    return values == null || (Array.isArray(values) && values.includes(null));
  }
  return false;
}

/** Types whose values the compiler resolves from other fields; their `generate` is never called. */
export const RESOLVED_BY_ENGINE: ReadonlySet<string> = new Set(['ref', 'lookup', 'aggregate']);

export const AGGREGATE_OPS = ['count', 'sum', 'min', 'max'] as const;

export const DERIVED_TYPES: readonly FieldType[] = [
  define({
    id: 'lookup',
    category: 'structure',
    description:
      'The value of a field of the row that one of this table\'s refs points to: `{"from": "product_id.price"}` copies the price of the referenced product (null when the ref is null). The column takes the parent field\'s kind. A bare field name copies a field of the same row (`{"from": "total_amount"}`: one value under two column names).',
    params: {
      from: 'string (required): "<ref field>.<field of the referenced table>", or "<field of this table>"',
    },
    example: 19.99,
    validate: (p) =>
      check(p, (c) => {
        if (p['from'] === undefined) c.fail('from', 'from is required, e.g. "product_id.price"');
        else if (c.string('from') !== undefined && !FIELD_PATH.test(p['from'] as string))
          c.fail(
            'from',
            'from must name a ref field and a field of its table, e.g. "product_id.price", or a field of this table',
          );
      }),
    generate: () => null,
  }),
  define({
    id: 'aggregate',
    category: 'structure',
    description:
      'A value over this row\'s children: the rows of `table` whose per_parent ref `ref` points here. `count` counts them; `sum`, `min` and `max` read `of`, one child field or several multiplied (`["quantity", "unit_price"]`). Sums of decimals are exact (computed in integers at the values\' precision). An order\'s total: `{"table": "order_items", "ref": "order_id", "op": "sum", "of": ["quantity", "unit_price"]}`.',
    params: {
      table: 'string (required): the child table',
      ref: 'string (required): its ref field to this table, with per_parent',
      op: "'count' | 'sum' | 'min' | 'max' (default sum)",
      of: 'string or array of strings: child field(s), multiplied per child (required unless op is count)',
    },
    example: 149.97,
    maxBytes: 32, // a number
    validate: (p) =>
      check(p, (c) => {
        if (p['table'] === undefined) c.fail('table', 'table is required: the child table');
        if (p['ref'] === undefined)
          c.fail('ref', "ref is required: the child table's ref field to this table");
        c.string('table', { nonEmpty: true });
        c.string('ref', { nonEmpty: true });
        const op = c.string('op', { oneOf: AGGREGATE_OPS });
        const of = p['of'];
        const names = typeof of === 'string' ? [of] : of;
        if (of === undefined) {
          if (op !== 'count') c.fail('of', 'of is required: the child field to sum, e.g. "amount"');
        } else if (
          !Array.isArray(names) ||
          names.length === 0 ||
          !names.every((n) => typeof n === 'string' && n !== '')
        ) {
          c.fail('of', 'of must be a field name or a non-empty array of field names');
        }
      }),
    generate: () => null,
  }),
];
