/**
 * src/server.ts as a real child process, for the tests of what survives the process or its
 * surroundings (kill -9, a database outage): start it, call it with a key, wait for a condition.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Test } from 'tap';
import { TS_NODE_ARGS } from './node-args.js';

const SERVER = new URL('../../src/server.ts', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  kill(): Promise<void>;
}

/** Starts src/server.ts with `env` (over a test's defaults); resolves once it listens. */
export async function startServer(t: Test, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...TS_NODE_ARGS, SERVER], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      PORT: '0',
      WORKERS: '0',
      JOB_LEASE_S: '2',
      QUEUE_MAINTENANCE_S: '1',
      JOB_SWEEP_INTERVAL_S: '0.5',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.teardown(() => {
    child.kill('SIGKILL');
    return exited;
  });
  const url = await until(
    'the server to listen',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      return /"url":"(http:[^"]+)"/.exec(output)?.[1];
    },
    90_000, // a hang guard: a loaded machine takes long to start TypeScript
  );
  return {
    url,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () => (child.kill('SIGKILL'), exited),
  };
}

/** A request to the server with an API key (JSON unless `init` says otherwise). */
export function call(server: { url: string }, key: string, path: string, init: RequestInit = {}) {
  return fetch(server.url + path, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Polls `probe` until it returns a value; throws after `timeoutMs` (a hang guard, not a measure). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The SHA-256 of a response's body. */
export async function sha256(response: Response): Promise<string> {
  return createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');
}

/**
 * The SHA-256 of a completed job's stored CSV result and of the sync stream of the same request:
 * equal when the job's bytes are the stream's.
 */
export async function resultAndStream(
  server: { url: string },
  key: string,
  jobId: string,
  request: object,
): Promise<{ stored: string; streamed: string }> {
  const stored = await call(server, key, `/api/v1/jobs/${jobId}/result`, { headers: { Accept: 'text/csv' } });
  const streamed = await call(server, key, '/api/v1/generate', {
    method: 'POST',
    body: JSON.stringify(request),
    headers: { Accept: 'text/csv' },
  });
  return { stored: await sha256(stored), streamed: await sha256(streamed) };
}
