/**
 * The entry of the schema-detection thread (Piscina's `filename`). The SQL parser's time grows
 * exponentially with some nestings of parentheses, so detection never runs on the event loop: the
 * caller gives it a deadline and the thread is ended when it passes.
 */
import { type DetectInput, DetectionError, detectSchema } from './index.js';
import type { DetectedTable } from './model.js';
import { warmSampler } from './spec-check.js';

/** The task run before a detection, without its deadline: null loads the module, 'spec' the sampler too. */
export type WarmUp = null | 'spec';

/** A detection's outcome, as plain data that crosses threads. */
export type DetectOutcome =
  { ok: true; tables: DetectedTable[]; warnings: string[] } | { ok: false; message: string };

/** Detects `input`'s schema; an input that cannot be detected is an outcome, not an exception. */
export default function detectTask(input: DetectInput | WarmUp): DetectOutcome {
  if (input === null || input === 'spec') {
    // The warm-up, without a deadline: loading this module, and for a spec the locales its sampling reads.
    if (input === 'spec') warmSampler();
    return { ok: true, tables: [], warnings: [] };
  }
  try {
    return { ok: true, ...detectSchema(input) };
  } catch (error) {
    if (error instanceof DetectionError) return { ok: false, message: error.message };
    throw error;
  }
}
