/**
 * The CLI in the test's own process: `runCli` (src/cli/program.ts) with stdout and stderr captured, a
 * stdin and an environment of the test's, and the exit code the process would exit with. It runs the
 * same commander program and the same exit mapping (src/cli/exit.ts) as `mockhive`, without starting
 * Node and the TypeScript loader for each call (seconds each). Use it for every CLI test:
 *
 *   const run = await cli(['generate', '--template', 'blog', '--format', 'ndjson', '--quiet']);
 *   t.equal(run.code, 0, run.stderr);
 *   t.match(run.stdout, ...);
 *
 *   await cli(['keys', 'list', '--json'], { env: { DATA_DIR: dir } });   // over CLI_ENV
 *   await cli(['generate', '--request', '-'], { stdin: JSON.stringify(body) });
 *
 * The environment is process.env, then CLI_ENV (inline generation, no data directory), then `env`.
 * `startCli` runs a command that keeps going (`mockhive mcp`, a long seed) and hands its streams over
 * while it runs. What needs a real process (signals, the launcher, dist/) is in
 * test/cli/smoke.test.ts: one spawned run per command against the built dist/.
 */
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

/** What every in-process run gets unless `env` says otherwise: no worker threads, no data directory. */
export const CLI_ENV: Readonly<Record<string, string>> = { WORKERS: '0', DATA_DIR: '/nonexistent' };

export interface CliOptions {
  /** Over process.env and CLI_ENV; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  /** What the command reads on stdin (`--request -`); none: an empty, ended stdin. */
  stdin?: string;
}

export interface CliRun {
  /** The exit code the process would exit with (docs/cli.md). */
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as bytes (gzip to stdout). */
  stdoutBytes: Buffer;
}

/** A Writable that keeps what it is given (and says so: 'written'). */
class Capture extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    this.emit('written');
    done();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
  text(): string {
    return this.bytes().toString('utf8');
  }
}

export interface RunningCli {
  /** The command's stdin: write to it, end it. */
  stdin: PassThrough;
  /** The command's stdout as a stream (the MCP protocol), and what it wrote so far. */
  stdout: PassThrough;
  stdoutText(): string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Resolves once stderr matches `pattern` (rejects if the command ends first). */
  stderrMatch(pattern: RegExp): Promise<void>;
  /** Settles with the exit code when the command ends. */
  exited: Promise<number>;
}

function environment(env: CliOptions['env']): Record<string, string | undefined> {
  return { ...process.env, ...CLI_ENV, ...env };
}

/** Runs `mockhive …args` in this process to its end. */
export async function cli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const code = await runCli(args, { stdin, stdout, stderr, env: environment(options.env) });
  return { code, stdout: stdout.text(), stderr: stderr.text(), stdoutBytes: stdout.bytes() };
}

/** Starts `mockhive …args` in this process; it runs until it ends by itself or its stdin is ended. */
export function startCli(args: readonly string[], options: Omit<CliOptions, 'stdin'> = {}): RunningCli {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new Capture();
  let written = '';
  stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const exited = runCli(args, { stdin, stdout, stderr, env: environment(options.env) });
  const stderrMatch = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stderr.text())) return;
        stderr.off('written', check);
        resolve();
      };
      stderr.on('written', check);
      check();
      void exited.then((code) => {
        stderr.off('written', check);
        reject(new Error(`exited ${code} before stderr matched ${pattern}:\n${stderr.text()}`));
      });
    });
  return { stdin, stdout, stdoutText: () => written, stderr: () => stderr.text(), stderrMatch, exited };
}
