/**
 * The CLI: `mockhive generate …` and `mockhive seed …` (the engine and worker pool locally: no server,
 * no key), `mockhive keys …` (operator, same DATA_DIR / DATABASE_URL as the server) and
 * `mockhive mcp` (the MCP tools over stdio, locally or from a server). docs/cli.md.
 * Exit codes: 0 done, 1 failed, 2 usage or configuration error; seed adds its own (docs/cli.md).
 */
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { UsageError } from './errors.js';
import { exitOf } from './exit.js';
import { generateCommand } from './generate.js';
import { keysCommand } from './keys.js';
import { mcpCommand } from './mcp.js';
import { profileCommand } from './profile.js';
import { seedCommand } from './seed.js';

const program = new Command('mockhive')
  .description('Realistic, relational, reproducible test data.')
  .version(VERSION)
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(`mockhive: ${text.replace(/^error: /, '')}`) })
  .exitOverride()
  .action(() => {
    throw new UsageError(`a command is needed: generate, seed, profile, keys or mcp (mockhive --help).`);
  });
const out = (line: string) => process.stdout.write(`${line}\n`);
keysCommand(program, out);
generateCommand(program);
seedCommand(program);
profileCommand(program, (text) => process.stdout.write(text));
mcpCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const { code, message } = exitOf(error);
  if (message !== undefined) process.stderr.write(`${message}\n`);
  process.exit(code);
}
