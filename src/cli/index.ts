/**
 * The CLI: `mockhive generate …` and `mockhive seed …` (the engine and worker pool locally: no server,
 * no key), `mockhive keys …` (operator, same DATA_DIR / DATABASE_URL as the server) and
 * `mockhive mcp` (the MCP tools over stdio, locally or from a server). docs/cli.md.
 * Exit codes: 0 done, 1 failed, 2 usage or configuration error; seed adds its own (docs/cli.md).
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { HttpError } from '../errors.js';
import { SeedError } from '../seed/index.js';
import { VERSION } from '../version.js';
import { UsageError } from './errors.js';
import { generateCommand } from './generate.js';
import { keysCommand } from './keys.js';
import { mcpCommand } from './mcp.js';
import { seedCommand } from './seed.js';

const program = new Command('mockhive')
  .description('Realistic, relational, reproducible test data.')
  .version(VERSION)
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(`mockhive: ${text.replace(/^error: /, '')}`) })
  .exitOverride()
  .action(() => {
    throw new UsageError(`a command is needed: generate, seed, keys or mcp (mockhive --help).`);
  });
const out = (line: string) => process.stdout.write(`${line}\n`);
keysCommand(program, out);
generateCommand(program);
seedCommand(program);
mcpCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; commander has printed its own message for the rest.
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  if (error instanceof SeedError) {
    process.stderr.write(`mockhive: ${error.message}\n`);
    process.exit(error.exitCode);
  }
  const usage = error instanceof UsageError || error instanceof ConfigError;
  const invalid = error instanceof HttpError; // the request was refused, as the API would refuse it
  const message = error instanceof Error ? error.message : String(error);
  const details =
    invalid && error.details ? error.details.map((d) => `\n  ${d.field}: ${d.message}`).join('') : '';
  process.stderr.write(`mockhive: ${usage || invalid ? message : `failed: ${message}`}${details}\n`);
  process.exit(usage || invalid ? 2 : 1);
}
