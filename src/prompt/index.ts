/**
 * Prompt mode: `convertPrompt` (offline, deterministic) and `createPromptConverter`, which asks a
 * configured language model first and falls back to the offline converter on any failure. The
 * service runs the offline converter on a thread of its own (runner.ts); the CLI runs it inline.
 */
import type { ConversionResult } from './convert.js';
import { askModel, type LlmOptions, MODEL_FALLBACK_WARNING } from './llm.js';

export type { ConversionResult } from './convert.js';
export { askModel, type LlmOptions, MODEL_FALLBACK_WARNING, type ModelAnswer } from './llm.js';

export { MAX_PROMPT_CHARS } from './limits.js';

/** Where a converter reports a model failure before falling back (a pino logger fits). */
export interface ConverterLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A prompt converter: what POST /api/v1/generate calls in prompt mode. */
export type PromptConverter = (prompt: string) => Promise<ConversionResult>;

/** Where the offline converter runs: inline (`convertPrompt`) or on a thread (PromptThread.convert). */
export type OfflineConverter = (prompt: string) => ConversionResult | Promise<ConversionResult>;

/**
 * The offline converter in this thread, loaded on first use: its model and knowledge base are ~80 MB
 * that a server, which converts on a thread of its own, never holds on its event loop.
 */
const convertInline: OfflineConverter = async (prompt) =>
  (await import('./convert.js')).convertPrompt(prompt);

/**
 * The converter of the service: with `llm` (see Config.llm), the model answers first and the offline
 * converter answers whenever the model fails, its answer then saying so first among its warnings;
 * without it, the offline converter only. `offline` runs the offline converter (default: inline).
 */
export function createPromptConverter(
  options: { llm?: LlmOptions | undefined; logger?: ConverterLogger; offline?: OfflineConverter } = {},
): PromptConverter {
  const { llm, logger, offline: convertOffline = convertInline } = options;
  return async (prompt) => {
    if (llm !== undefined) {
      try {
        const answer = await askModel(prompt, llm);
        return { ok: true, ...answer };
      } catch (error) {
        logger?.warn(
          { err: (error as Error).message },
          'language model failed; using the offline prompt converter',
        );
        const offline = await convertOffline(prompt);
        // (Both failed: the message says the model did too.)
        return offline.ok
          ? { ...offline, warnings: [MODEL_FALLBACK_WARNING, ...(offline.warnings ?? [])] }
          : { ok: false, message: `The language model gave no usable answer. ${offline.message}` };
      }
    }
    return convertOffline(prompt);
  };
}
