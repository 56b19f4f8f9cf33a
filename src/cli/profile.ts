/**
 * `mockhive profile`: reads a live PostgreSQL, MariaDB/MySQL or SQLite database and writes a
 * generation request that reproduces its shape (counts, nulls, ranges, categories, children per
 * parent, date orderings) without its values, for `seed --request`. docs/profile.md. The run
 * (profile-run.ts) loads the database drivers only when a profile runs.
 */
import type { Command } from 'commander';
import { DEFAULT_MIN_GROUP, DEFAULT_SAMPLE } from '../profile/defaults.js';
import { URL_SCHEMES } from '../seed/defaults.js';
import type { CliIo } from './io.js';
import type { ProfileFlags } from './profile-run.js';

/** Adds the `profile` command to `program`; the request goes to `out` unless `--out` names a file. */
export function profileCommand(program: Command, io: CliIo): void {
  program
    .command('profile')
    .description("write a generation request with a database's shape and none of its values")
    .option(
      '--database-url <url>',
      `the database to read (${URL_SCHEMES.join(', ')}); default $SEED_DATABASE_URL`,
    )
    .option('--schema-name <name>', 'the PostgreSQL schema of the tables (default public)')
    .option('--tables <list>', 'only these tables, comma-separated (with every table they refer to)')
    .option('--sample <n>', 'rows read per table at most', String(DEFAULT_SAMPLE))
    .option(
      '--min-group <k>',
      'rows a category label must be shared by to be kept',
      String(DEFAULT_MIN_GROUP),
    )
    .option('--scale <factor>', 'multiplies every count', '1')
    .option('--out <file>', 'write the request to this file instead of stdout')
    .option('--quiet', 'no progress and no summary on stderr')
    .addHelpText(
      'after',
      `
Exit codes: 0 done, 1 failed, 2 usage, 3 cannot connect or no right to read a table,
4 nothing to profile.

Examples:
  mockhive profile --database-url postgres://localhost/prod --out profile.json
  mockhive seed --database-url postgres://localhost/staging --request profile.json --create`,
    )
    .action(async (options: ProfileFlags) => (await import('./profile-run.js')).profileAction(options, io));
}
