/**
 * Turns every thrown error into the documented envelope `{ error: { code, message, details? } }`.
 * HttpErrors carry a client-safe message; anything else is logged with the request id and answered
 * as a bare 500 INTERNAL_ERROR that hides internals, except a database outage: 503 SERVICE_UNAVAILABLE
 * with Retry-After, as the request can succeed once the database is back.
 */
import type { Middleware } from 'koa';
import { HttpError } from '../../errors.js';
import { isStoreUnavailable } from '../../store/outage.js';

/** Seconds a client is told to wait when the database is away (a restart or failover takes a few). */
export const OUTAGE_RETRY_AFTER_S = 5;

/** The outermost error handler (inside requestContext, so errors are logged with the request id). */
export function errorEnvelope(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new HttpError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}.`);
      }
      // The routers answer a known path with another method (or an unknown one) by a bare 405 or 501
      // that carries Allow.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        const allow = ctx.response.get('Allow');
        throw new HttpError(
          'METHOD_NOT_ALLOWED',
          `${ctx.method} is not allowed on ${ctx.path}; use ${allow}.`,
          {
            headers: { Allow: allow },
          },
        );
      }
    } catch (thrown) {
      const error = toHttpError(thrown);
      if (error.key === 'SERVICE_UNAVAILABLE') ctx.state.log?.warn({ err: thrown }, 'database unavailable');
      else if (error.status >= 500) ctx.state.log?.error({ err: thrown }, 'request failed');
      if (ctx.headerSent || !ctx.writable) {
        // The body had started streaming: the only honest signal left is to cut the connection.
        ctx.req.socket.destroy();
        return;
      }
      ctx.status = error.status;
      ctx.set(error.headers);
      if (error.status === 413) ctx.set('Connection', 'close');
      ctx.type = 'application/json';
      ctx.body = error.toEnvelope();
    }
  };
}

function toHttpError(thrown: unknown): HttpError {
  if (thrown instanceof HttpError) return thrown;
  // Koa and its routers throw http-errors with `status` and `expose`; keep their 4xx meaning.
  const status = (thrown as { status?: unknown })?.status;
  if (status === 405) return new HttpError('METHOD_NOT_ALLOWED', (thrown as Error).message);
  if (status === 404) return new HttpError('NOT_FOUND');
  if (isStoreUnavailable(thrown)) {
    return new HttpError('SERVICE_UNAVAILABLE', undefined, {
      headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_S) },
      cause: thrown,
    });
  }
  return new HttpError('INTERNAL_ERROR', undefined, { cause: thrown });
}
