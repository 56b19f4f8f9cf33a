/**
 * `mockhive generate`: the API's generation on this machine, with the same engine and worker pool
 * (no server, no key, no limits). The bytes are the API's for the same request and seed: raw NDJSON,
 * CSV and SQL identical, the JSON envelope identical but for `meta.generation_time_ms`. The command
 * is declared here; its run (generate-run.ts) is loaded when it runs.
 */
import { type Command, Option } from 'commander';
import { SQL_DIALECTS } from '../../workers/output/options.js';
import type { GenerateOptions } from './generate-run.js';
import { inputOptions, KINDS } from './input.js';
import type { CliIo } from './io.js';

/** Adds the `generate` command to `program`. */
export function generateCommand(program: Command, io: CliIo): void {
  inputOptions(
    program.command('generate').description('generate data locally, as the API would, to stdout or files'),
  )
    .addOption(new Option('--format <format>', 'output format (default json)').choices(KINDS))
    .addOption(new Option('--dialect <dialect>', 'SQL dialect (default postgres)').choices(SQL_DIALECTS))
    .option('--table <name>', 'the table of a CSV sent to stdout, when there are several')
    .option('--out <dir>', 'write files into this directory: one CSV per table, or one file')
    .option('--gzip', 'gzip what is written')
    .option('--quiet', 'no summary on stderr')
    .addHelpText(
      'after',
      `
Examples:
  mockhive generate --template ecommerce --format sql --dialect postgres --seed 42 | psql shop
  mockhive generate --template blog --scale 10 --format csv --out ./fixtures --gzip
  mockhive generate --schema tables.json --count users=1000000 --format ndjson > users.ndjson
  mockhive generate --request body.json --seed 7`,
    )
    .action(async (options: GenerateOptions) => (await import('./generate-run.js')).generate(options, io));
}
