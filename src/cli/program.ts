/**
 * The `mockhive` program: its commands on one commander program, and one run of it from arguments to
 * an exit code. src/cli/index.ts runs it on the process; the tests run it in their own process.
 */
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { UsageError } from './errors.js';
import { exitOf } from './exit.js';
import { generateCommand } from './generate.js';
import type { CliIo } from './io.js';
import { keysCommand } from './keys.js';
import { mcpCommand } from './mcp.js';
import { profileCommand } from './profile.js';
import { seedCommand } from './seed.js';

/** The program, writing to `io`; it throws where the process would exit (commander's exitOverride). */
export function createProgram(io: CliIo): Command {
  const program = new Command('mockhive')
    .description('Realistic, relational, reproducible test data.')
    .version(VERSION)
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`mockhive: ${text.replace(/^error: /, '')}`),
    })
    .exitOverride()
    .action(() => {
      throw new UsageError(`a command is needed: generate, seed, profile, keys or mcp (mockhive --help).`);
    });
  keysCommand(program, io);
  generateCommand(program, io);
  seedCommand(program, io);
  profileCommand(program, io);
  mcpCommand(program, io);
  return program;
}

/** Runs `mockhive …args` (the arguments after the program's name); the exit code (docs/cli.md). */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    await createProgram(io).parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    const { code, message } = exitOf(error);
    if (message !== undefined) io.stderr.write(`${message}\n`);
    return code;
  }
}
