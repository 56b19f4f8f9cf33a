/**
 * Every answer says `X-Content-Type-Options: nosniff`: a browser must take JSON (error envelopes
 * included) and the raw streams as their declared type and never sniff them into a script or a page,
 * even where generated values hold markup.
 */
import type { Middleware } from 'koa';

/** Sets the header before anything runs, so error answers carry it too. */
export function noSniff(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  };
}
