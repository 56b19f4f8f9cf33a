/**
 * CORS for the routes browsers call from other origins: /api/v1/*, /openapi.json and /llms.txt
 * (@koa/cors). Origins come from CORS_ORIGINS; none by default, so a deployment opts in. Keys travel
 * in headers, never cookies, so credentials are never allowed; an origin not listed gets no CORS
 * headers at all and the browser keeps the response from the page.
 */
import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { META_HEADERS, META_TRAILER } from '../meta-headers.js';

/** Request headers a page may send: the two key headers, JSON bodies, the checkout's replay key. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'x-api-key',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
];

/** Response headers a page may read besides the safelisted ones. */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Location',
  'Content-Disposition',
  ...META_HEADERS,
  META_TRAILER,
];

const BROWSER_FACING = /^\/(api\/v1(\/|$)|openapi\.json$|llms\.txt$)/;

/** The CORS middleware for the configured origins (a list, or '*'); other paths pass untouched. */
export function corsFor(origins: readonly string[] | '*'): Middleware {
  const allowed = new Set(origins === '*' ? [] : origins);
  const handler = cors({
    origin: (ctx) => {
      if (origins === '*') return '*';
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: false,
    allowMethods: ['GET', 'HEAD', 'POST', 'DELETE'],
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600, // seconds a browser may reuse a preflight
  });
  return async (ctx, next) => {
    if (!BROWSER_FACING.test(ctx.path) || (origins !== '*' && allowed.size === 0)) return next();
    return handler(ctx, next);
  };
}
