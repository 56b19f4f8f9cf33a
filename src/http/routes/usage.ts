/** GET /api/v1/usage: the key's tier, its limits and today's usage, so clients can plan. */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import type { AppDeps } from '../deps.js';
import { nextUtcMidnight } from '../../accounts/clock.js';
import { type TierLimits, TierLimitsSchema } from '../../accounts/plans.js';

const Limit = Type.Union([Type.Integer(), Type.Null()], { description: 'null means unlimited' });

export const UsageResponse = Type.Object({
  tier: Type.String(),
  limits: TierLimitsSchema,
  daily_used: Type.Integer(),
  daily_remaining: Limit,
  prompts_used: Type.Integer(),
  reset_at: Type.String({ format: 'date-time' }),
});
export type UsageResponse = Static<typeof UsageResponse>;

/** Routes of the usage resource (mounted behind authentication). */
export function usageRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/usage', async (ctx) => {
    const principal = ctx.state.principal!;
    const plan: Readonly<TierLimits> = deps.limiter.plan(principal);
    const today = await deps.limiter.today(principal);
    const body: UsageResponse = {
      tier: principal.tier,
      limits: { ...plan, features: [...plan.features] },
      daily_used: today.records,
      daily_remaining:
        plan.records_per_day === null ? null : Math.max(0, plan.records_per_day - today.records),
      prompts_used: today.prompts,
      reset_at: new Date(nextUtcMidnight(deps.clock.now())).toISOString(),
    };
    ctx.body = body;
  });
  return router;
}
