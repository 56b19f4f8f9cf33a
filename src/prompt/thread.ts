/**
 * The entry of the prompt-conversion thread (Piscina's `filename`). A long prompt takes a few hundred
 * milliseconds to convert, so the service never converts on the event loop: the caller queues
 * conversions here, one at a time, each with a deadline past which the thread is ended.
 */
import { type ConversionResult, convertPrompt } from './convert.js';

/** Converts `prompt` offline; `null` is the warm-up, whose work is loading this module. */
export default function convertTask(prompt: string | null): ConversionResult {
  if (prompt === null) return { ok: false, message: 'warm-up' };
  return convertPrompt(prompt);
}
