/**
 * GET /api/v1/health: public. While the database does not answer it is `degraded` with status 503, so
 * a load balancer or orchestrator sees the outage; the body is the health object all the same.
 */
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
  // Probes come every few seconds: the log says when the database goes and when it is back, once each.
  let wasAvailable = true;
  router.get('/health', async (ctx) => {
    let database = 'ok';
    try {
      await deps.store.ping(deps.healthTimeoutMs ?? 2000);
      if (!wasAvailable) ctx.state.log.info('health: database answers again');
      wasAvailable = true;
    } catch (error) {
      database = 'unavailable';
      if (wasAvailable) ctx.state.log.warn({ err: error }, 'health: database check failed');
      wasAvailable = false;
    }
    const body: HealthResponse = {
      status: database === 'ok' ? 'ok' : 'degraded',
      version: deps.config.version,
      timestamp: new Date(deps.clock.now()).toISOString(),
      checks: { api: 'ok', database },
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = body;
  });
  return router;
}
