/** A warm-up for a fresh thread: every encoder over a table that draws rows from every locale. */
import { compile } from '../engine/index.js';
import { usersTable } from '../engine/samples.js';
import { encodeChunkBytes } from './encode.js';
import type { Encoding, SqlDialect } from './options.js';

const WARM_ROWS = 4000;

/** Runs each encoding a few times over a few thousand rows of a users-like table. */
export function warmUp(): void {
  const users = usersTable(WARM_ROWS, 'warm_users');
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
