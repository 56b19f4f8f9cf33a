/**
 * Runs the offline prompt converter in a worker thread, so no prompt holds the event loop: a
 * 5,000-character prompt takes 0.1–0.3 s, and ten at once on the event loop held /health for over a
 * second. One thread, started on use and ended after a minute idle. Conversions take turns in a queue
 * of their own rather than Piscina's, so each one's deadline counts its own conversion and not its
 * wait; a full queue is refused at once. The deadline runs once the thread is loaded: loading the
 * converter (wink-nlp's model, the knowledge base) is done first by an empty task without one.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../errors.js';
import type { ConversionResult } from './convert.js';

/** Converts prompts off the event loop. */
export interface PromptThread {
  /**
   * The offline converter's result, or `{ ok: false }` saying the prompt took longer than the deadline;
   * throws 429 RATE_LIMIT_EXCEEDED when `maxWaiting` conversions already wait their turn.
   */
  convert(prompt: string): Promise<ConversionResult>;
  close(): Promise<void>;
}

/** How long one conversion may take: the slowest prompts of the corpora take well under a second. */
export const CONVERT_DEADLINE_MS = 5000;

/** Conversions that may wait for the thread: at ~0.2 s each, the last waits a few seconds. */
export const MAX_WAITING_PROMPTS = 16;

// Compiled code runs dist/src/**/*.js; tests and tsx run the .ts sources.
const THREAD = fileURLToPath(new URL(`./thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** A converter thread ended after `idleMs` without work. */
export function createPromptThread(
  options: { deadlineMs?: number; idleMs?: number; maxWaiting?: number } = {},
): PromptThread {
  const deadline = options.deadlineMs ?? CONVERT_DEADLINE_MS;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING_PROMPTS;
  const piscina = new Piscina<string | null, ConversionResult>({
    filename: THREAD,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: options.idleMs ?? 60_000,
  });
  let busy = false;
  const waiting: (() => void)[] = [];

  const takeTurn = async (): Promise<void> => {
    if (!busy) {
      busy = true;
      return;
    }
    if (waiting.length >= maxWaiting) {
      throw new HttpError(
        'RATE_LIMIT_EXCEEDED',
        `The service is converting other prompts and ${maxWaiting} more wait their turn: retry in a moment.`,
        { headers: { 'Retry-After': '1' } },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // The turn passes straight to the next in line, so no newcomer overtakes the queue.
  const endTurn = (): void => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  return {
    async convert(prompt) {
      await takeTurn();
      try {
        await piscina.run(null);
        return await piscina.run(prompt, { signal: AbortSignal.timeout(deadline) });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
        return {
          ok: false,
          message: `Converting the prompt took longer than ${deadline / 1000} s and was stopped: shorten it or send its tables in several requests.`,
        };
      } finally {
        endTurn();
      }
    },
    close: () => piscina.close({ force: true }),
  };
}
