/**
 * What a command reads and writes besides its flags: the standard streams and the environment. The
 * process gives its own (`processIo`); the tests give buffers and an environment of their own, so the
 * commands run in the test's process exactly as they would in their own (test/helpers/cli.ts).
 */
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  /** Data (and the protocol of `mockhive mcp`). */
  stdout: Writable;
  /** Messages, warnings and progress; `isTTY` chooses progress bars over lines. */
  stderr: Writable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}

/** The process's own streams and environment. */
export const processIo = (): CliIo => ({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
