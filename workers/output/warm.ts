/** A warm-up for a fresh thread: every encoder over a table that draws rows from every locale. */
import { compile, LOCALE_CODES } from '../engine/index.js';
import { romanizeNames } from '../engine/types/person.js';
import { usersTable } from '../engine/samples.js';
import { encodeChunkBytes } from './encode.js';
import type { Encoding, SqlDialect } from './options.js';

const WARM_ROWS = 4000;

/**
 * Runs each encoding `rounds` times over `rows` rows of a users-like table, each round with a plan of
 * its own (as every request brings), and romanizes every locale's names once. The defaults are the
 * generation threads'; the event loop, which runs small requests inline, takes a lighter one.
 */
export function warmUp(rows = WARM_ROWS, rounds = 3): void {
  for (const locale of LOCALE_CODES) romanizeNames(locale);
  const users = usersTable(rows, 'warm_users');
  const runs: [Encoding, SqlDialect, boolean][] = [
    ['csv', 'postgres', false],
    ['json', 'postgres', false],
    ['ndjson', 'postgres', false],
    ['sql', 'postgres', false],
    ['sql', 'mysql', false],
    ['sql', 'sqlite', false],
    ['csv', 'postgres', true],
  ];
  for (let round = 0; round < rounds; round++) {
    const compiled = compile({ tables: [users], locale: 'en', seed: round + 1 });
    if (!compiled.ok) return;
    const plan = compiled.plan;
    for (const [encoding, dialect, jsonEscape] of runs) {
      encodeChunkBytes({
        plan,
        table: users.name,
        start: 0,
        end: rows,
        options: { encoding, dialect, jsonEscape },
      });
    }
  }
}
