/** What the middlewares put on Koa's context, for the type checker. */
import type { Logger } from 'pino';
import type { Principal } from '../accounts/api-keys.js';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
    principal?: Principal;
  }
  interface Request {
    body?: unknown;
  }
}
