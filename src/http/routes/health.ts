/** GET /api/v1/health: public; `degraded` (never an error) when the database does not answer. */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import type { AppDeps } from '../deps.js';

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  checks: Type.Object({ api: Type.String(), database: Type.String() }),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** Routes of the health resource. */
export function healthRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    let database = 'ok';
    try {
      await deps.store.ping(deps.healthTimeoutMs ?? 2000);
    } catch (error) {
      database = 'unavailable';
      ctx.state.log.warn({ err: error }, 'health: database check failed');
    }
    const body: HealthResponse = {
      status: database === 'ok' ? 'ok' : 'degraded',
      version: deps.config.version,
      timestamp: new Date(deps.clock.now()).toISOString(),
      checks: { api: 'ok', database },
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
  return router;
}
