/**
 * Runs schema detection in a worker thread with a deadline, so no DDL can hold the event loop: the SQL
 * parser (node-sql-parser, a PEG parser) backtracks exponentially on nested parentheses — 16 levels took
 * 24 s and 19 ran the heap out — and a synchronous parse cannot be interrupted. One thread, started on
 * use and ended after a minute idle; a detection past its deadline ends it. The deadline runs once the
 * thread is loaded: loading the parser (a fraction of a second, seconds under a TypeScript loader) is
 * done first by an empty task without one, on the same thread, since there is only one.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DetectInput } from './index.js';
import type { DetectOutcome, WarmUp } from './thread.js';

/** Detects schemas off the event loop. */
export interface Detector {
  /** The outcome, or `{ ok: false }` saying the input took longer than the deadline. */
  detect(input: DetectInput): Promise<DetectOutcome>;
  close(): Promise<void>;
}

/** How long one detection may take: real DDL of hundreds of tables parses in well under a second. */
export const DETECT_DEADLINE_MS = 3000;

// Compiled code runs dist/src/**/*.js; tests and tsx run the .ts sources.
const THREAD = fileURLToPath(new URL(`./thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** A detector with one thread, ended after `idleMs` without work. */
export function createDetector(options: { deadlineMs?: number; idleMs?: number } = {}): Detector {
  const deadline = options.deadlineMs ?? DETECT_DEADLINE_MS;
  const piscina = new Piscina<DetectInput | WarmUp, DetectOutcome>({
    filename: THREAD,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: options.idleMs ?? 60_000,
  });
  return {
    async detect(input) {
      // A spec's sampling reads every locale: loaded then, so a stalled DDL's restart stays quick.
      const spec = input.openapi !== undefined || input.json_schema !== undefined;
      await piscina.run(spec ? 'spec' : null);
      try {
        return await piscina.run(input, { signal: AbortSignal.timeout(deadline) });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
        return {
          ok: false,
          message: `Detection took longer than ${deadline / 1000} s and was stopped: simplify the DDL (deeply nested parentheses make the parser slow) or send fewer tables at once.`,
        };
      }
    },
    close: () => piscina.close({ force: true }),
  };
}
