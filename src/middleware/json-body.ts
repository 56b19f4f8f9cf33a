/**
 * Reads a JSON request body with a hard size limit, without buffering more than the limit: a declared
 * Content-Length over the limit is refused before reading, and a stream that grows past it is cut off.
 * Keys named `__proto__` (and `constructor.prototype`) are dropped so they never reach objects.
 */
import type { Context, Middleware } from 'koa';
import secureJson from 'secure-json-parse';
import { HttpError } from '../errors.js';

/** Parses the body into ctx.request.body; 400 for non-JSON, 413 past `limit` bytes. */
export function jsonBody(limit: number): Middleware {
  return async (ctx, next) => {
    ctx.request.body = await readJson(ctx, limit);
    await next();
  };
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size));
  } catch {
    throw new HttpError('VALIDATION_ERROR', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '')
    throw new HttpError('VALIDATION_ERROR', 'The request body is empty; a JSON object is required.');
  try {
    return secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch (error) {
    throw new HttpError(
      'VALIDATION_ERROR',
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limit} bytes.`);
}
