/**
 * API-key authentication for data routes: the key comes as `Authorization: Bearer <key>` or
 * `x-api-key: <key>`. Every authenticated request counts toward the per-minute allowance and carries
 * the X-RateLimit-* headers. Keys are looked up on every request, so a revocation — made by any
 * instance or by the CLI — takes effect on the very next one.
 */
import type { Context, Middleware } from 'koa';
import { API_KEY_PATTERN, findPrincipal, type Principal } from '../../accounts/api-keys.js';
import { HttpError } from '../../errors.js';
import type { Limiter } from '../../accounts/limiter.js';
import type { Db } from '../../store/database.js';

/**
 * The key sent with a request, or undefined when none was sent. An `Authorization` header must use
 * the Bearer scheme: any other value (a bare key included) gives '', a key that never matches.
 */
export function presentedKey(ctx: Context): string | undefined {
  const authorization = ctx.get('Authorization');
  if (authorization) return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  return ctx.get('x-api-key') || undefined;
}

/**
 * The principal of a presented key, or 401 UNAUTHORIZED saying what is wrong with it: none sent, an
 * Authorization header without the Bearer scheme, a malformed key, or one unknown or revoked.
 */
export async function requirePrincipal(db: Db, key: string | undefined): Promise<Principal> {
  if (key === undefined) {
    throw new HttpError(
      'UNAUTHORIZED',
      'An API key is required: send Authorization: Bearer <key> or x-api-key.',
    );
  }
  if (key === '') {
    throw new HttpError(
      'UNAUTHORIZED',
      'The Authorization header must be "Bearer <key>"; or send the key alone in x-api-key.',
    );
  }
  if (!API_KEY_PATTERN.test(key)) {
    throw new HttpError(
      'UNAUTHORIZED',
      'The API key is malformed: keys are mh_ followed by 32 lowercase hex characters.',
    );
  }
  const principal = await findPrincipal(db, key);
  if (!principal) throw new HttpError('UNAUTHORIZED', 'The API key is unknown or has been revoked.');
  return principal;
}

/** Requires a valid key; sets ctx.state.principal, counts the request, sets the rate-limit headers. */
export function authenticate(db: Db, limiter: Limiter): Middleware {
  return async (ctx, next) => {
    const principal = await requirePrincipal(db, presentedKey(ctx));
    ctx.state.principal = principal;
    try {
      await limiter.countRequest(principal);
    } finally {
      ctx.set(await limiter.dailyHeaders(principal));
    }
    await next();
  };
}
