/**
 * Sample schemas shared by the benchmarks, the worker warm-up and tests: the 10-field users table that
 * issue 3 names (uuid, first and last name, email, city, country, datetime, price, boolean, integer).
 */
import type { TableSpec } from './schema.js';

/** The 10-field users table with `count` rows. */
export function usersTable(count: number, name = 'users'): TableSpec {
  return {
    name,
    count,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'first_name', type: 'first_name' },
      { name: 'last_name', type: 'last_name' },
      { name: 'email', type: 'email' },
      { name: 'city', type: 'city' },
      { name: 'country', type: 'country' },
      { name: 'created_at', type: 'datetime' },
      { name: 'price', type: 'price' },
      { name: 'active', type: 'boolean' },
      { name: 'age', type: 'integer', params: { min: 18, max: 90 } },
    ],
  };
}
