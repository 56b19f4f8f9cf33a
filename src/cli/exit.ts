/**
 * How a command's error ends the process: its exit code and the line for stderr. One function, so
 * the in-process tests of the commands check the codes the process would exit with (docs/cli.md).
 */
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { HttpError } from '../errors.js';
import { SeedError } from '../seed/target.js';
import { UsageError } from './errors.js';

/** The exit code for `error` and what to print (undefined: commander has printed its own message). */
export function exitOf(error: unknown): { code: number; message?: string } {
  // Help and version exit 0; commander has printed its own message for the rest.
  if (error instanceof CommanderError) return { code: error.exitCode === 0 ? 0 : 2 };
  if (error instanceof SeedError) return { code: error.exitCode, message: `mockhive: ${error.message}` };
  const usage = error instanceof UsageError || error instanceof ConfigError;
  const invalid = error instanceof HttpError; // the request was refused, as the API would refuse it
  const message = error instanceof Error ? error.message : String(error);
  const details =
    invalid && error.details ? error.details.map((d) => `\n  ${d.field}: ${d.message}`).join('') : '';
  return {
    code: usage || invalid ? 2 : 1,
    message: `mockhive: ${usage || invalid ? message : `failed: ${message}`}${details}`,
  };
}
