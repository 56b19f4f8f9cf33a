/**
 * Reads a JSON request body with a hard size limit, without buffering more than the limit: a declared
 * Content-Length over the limit is refused before reading, and a stream that grows past it is cut off.
 * Keys named `__proto__` (and `constructor.prototype`) are dropped so they never reach objects, and
 * a body nested deeper than MAX_JSON_DEPTH is refused before any code walks it recursively.
 */
import type { Context, Middleware } from 'koa';
import secureJson from 'secure-json-parse';
import { HttpError } from '../../errors.js';

/** Levels of arrays and objects a body may nest: far more than any request needs (a schema uses ~8). */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests arrays and objects deeper than `max` levels (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Throws 400 VALIDATION_ERROR when `value` nests deeper than MAX_JSON_DEPTH; `what` names it. */
export function requireShallow(value: unknown, what: string): void {
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new HttpError(
      'VALIDATION_ERROR',
      `${what} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  }
}

/** Parses the body into ctx.request.body; 400 for non-JSON or too deep, 413 past `limit` bytes. */
export function jsonBody(limit: number): Middleware {
  return async (ctx, next) => {
    ctx.request.body = await readJson(ctx, limit);
    await next();
  };
}

/**
 * The raw body, refused with 413 as soon as it passes `limit` bytes (a declared Content-Length over it
 * before reading anything), so no more than the limit is ever buffered.
 */
export async function readBody(ctx: Context, limit: number): Promise<Buffer> {
  const declared = ctx.request.length;
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

async function readJson(ctx: Context, limit: number): Promise<unknown> {
  const declared = ctx.request.length;
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  if (!ctx.request.is('application/json', '+json')) {
    throw new HttpError(
      'VALIDATION_ERROR',
      `The request body must be JSON sent with Content-Type: application/json (got ${ctx.get('Content-Type') || 'none'}).`,
    );
  }
  const bytes = await readBody(ctx, limit);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError('VALIDATION_ERROR', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '')
    throw new HttpError('VALIDATION_ERROR', 'The request body is empty; a JSON object is required.');
  let body: unknown;
  try {
    body = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch (error) {
    throw new HttpError(
      'VALIDATION_ERROR',
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  requireShallow(body, 'The request body');
  return body;
}

function tooLarge(limit: number): HttpError {
  return new HttpError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limit} bytes.`);
}
