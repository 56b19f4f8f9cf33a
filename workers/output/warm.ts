/** A warm-up for a fresh thread: every encoder over a table that draws rows from every locale. */
import { compile } from '../engine/index.js';
import { encodeChunkBytes } from './encode.js';
import type { Encoding, SqlDialect } from './options.js';

const WARM_ROWS = 4000;

/** Runs each encoding a few times over a few thousand rows of a users-like table. */
export function warmUp(): void {
  const users = {
    name: 'warm_users',
    count: WARM_ROWS,
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
      { name: 'visits', type: 'integer', params: { min: 0, max: 1000 } },
    ],
  };
  const compiled = compile({ tables: [users], locale: 'en', seed: 1 });
  if (!compiled.ok) return;
  const plan = compiled.plan;
  const runs: [Encoding, SqlDialect, boolean][] = [
    ['csv', 'postgres', false],
    ['json', 'postgres', false],
    ['ndjson', 'postgres', false],
    ['sql', 'postgres', false],
    ['sql', 'mysql', false],
    ['sql', 'sqlite', false],
    ['csv', 'postgres', true],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [encoding, dialect, jsonEscape] of runs) {
      encodeChunkBytes({
        plan,
        table: users.name,
        start: 0,
        end: WARM_ROWS,
        options: { encoding, dialect, jsonEscape },
      });
    }
  }
}
