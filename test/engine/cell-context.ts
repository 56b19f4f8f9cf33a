/** Test helper: a CellContext over CellRng, with the row's person and place drawn from their own streams. */
import type { CellContext, Person } from '../../workers/engine/field-type.js';
import { CellRng, combine } from '../../workers/engine/random.js';
import { makePerson } from '../../workers/engine/types/index.js';

/** Options of a test cell; everything has a default. */
export interface CellOptions {
  readonly locale?: string;
  readonly row?: number;
  readonly count?: number;
  readonly fieldName?: string;
  readonly seed?: number;
}

/** A CellContext whose person and place are pure functions of (seed, locale, row). */
export function cellContext(options: CellOptions = {}): CellContext {
  const locale = options.locale ?? 'en';
  const row = options.row ?? 0;
  const seed = options.seed ?? 1;
  let person: Person | undefined;
  return {
    locale,
    row,
    count: options.count ?? 100,
    fieldName: options.fieldName ?? 'value',
    person() {
      person ??= makePerson(new CellRng(combine(combine(seed, 0x9e37), row)), locale);
      return person;
    },
    place() {
      return new CellRng(combine(combine(seed, 0x71ac), row)).float();
    },
  };
}

/** The value stream of one cell. */
export function cellRng(seed: number, row = 0): CellRng {
  return new CellRng(combine(seed, row));
}

/** Params that make every catalogue type generate (required params filled in). */
export const REQUIRED_PARAMS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  enum: { values: ['active', 'inactive', 'banned'], weights: [6, 3, 1] },
  ref: { table: 'users' },
  lookup: { from: 'user_id.email' },
  aggregate: { table: 'orders', ref: 'user_id', of: 'total' },
  constant: { value: 'fixed' },
  object: { properties: { city: { type: 'city' }, visits: { type: 'integer', params: { max: 9 } } } },
  pattern: { regex: '^[A-Z]{3}-\\d{4}$' },
};

/** The params to use for a type id in generic tests. */
export function paramsFor(id: string): Readonly<Record<string, unknown>> {
  return REQUIRED_PARAMS[id] ?? {};
}
