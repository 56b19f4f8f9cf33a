/**
 * `mockhive seed`: generates with the service's engine and worker pool and loads straight into
 * PostgreSQL (COPY), MariaDB/MySQL or SQLite: from a request, template, schema or prompt, or from the
 * database's own tables (`--from-database`). docs/cli.md. The command's flags are here; the run
 * (seed-run.ts) loads the database drivers only when a seed runs, so other commands start faster.
 */
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import { DEFAULT_REF_SAMPLE, URL_SCHEMES } from '../seed/defaults.js';
import { inputOptions } from './input.js';
import type { CliIo } from './io.js';
import type { SeedFlags } from './seed-run.js';

/** Adds the `seed` command to `program`. */
export function seedCommand(program: Command, io: CliIo): void {
  inputOptions(
    program
      .command('seed')
      .description('generate data and load it straight into PostgreSQL, MariaDB/MySQL or SQLite'),
  )
    .option(
      '--database-url <url>',
      `the database to fill (${URL_SCHEMES.join(', ')}); default $SEED_DATABASE_URL`,
    )
    .option('--from-database', "fill the database's existing tables, typed from their columns")
    .option('--schema-name <name>', 'the PostgreSQL schema of the tables (default public)')
    .option('--create', 'create the tables that do not exist')
    .addOption(new Option('--truncate', 'empty the tables first').conflicts('append'))
    .option(
      '--append',
      "add to tables that already hold rows; refs to tables outside the request draw from the database's keys",
    )
    .option(
      '--ref-sample <n>',
      'with --append: existing keys a ref draws from at most (a sample above that)',
      String(DEFAULT_REF_SAMPLE),
    )
    .option(
      '--connections <n>',
      'connections a large table is loaded over (PostgreSQL, MariaDB)',
      String(Math.min(4, availableParallelism())),
    )
    .option('--quiet', 'no progress and no summary on stderr')
    .addHelpText(
      'after',
      `
Exit codes: 0 done, 1 failed, 2 usage, 3 cannot connect, 4 the database does not fit the data,
5 a table's load failed (that table rolled back), 130 interrupted.

Examples:
  mockhive seed --database-url postgres://localhost/shop --template ecommerce --scale 100 --create
  mockhive seed --database-url mysql://root@localhost/load --schema tables.json --count orders=1000000
  mockhive seed --database-url sqlite:fixture.db --template blog --create --seed 42
  mockhive seed --database-url postgres://localhost/app --from-database --count 10000 --count users=500 --truncate`,
    )
    .action(async (options: SeedFlags) => (await import('./seed-run.js')).seedAction(options, io));
}
