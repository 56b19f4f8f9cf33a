/**
 * Gives every request an id (a sane incoming X-Request-Id is kept, so ids follow a request through
 * proxies), echoes it on every response, and logs one line when the response ends. Only the path is
 * logged: query strings may carry claim tokens, and headers carry keys.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Sets ctx.state.requestId and ctx.state.log, the X-Request-Id header, and logs the outcome. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ reqId: requestId });
    ctx.set('X-Request-Id', requestId);
    ctx.res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = ctx.status >= 500 ? 'error' : 'info';
      ctx.state.log[level](
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          aborted: !ctx.res.writableFinished,
        },
        'request',
      );
    });
    await next();
  };
}
