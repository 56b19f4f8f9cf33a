/**
 * Webhooks: POST /api/v1/webhooks registers one (201, its secret shown this once), GET lists them
 * without secrets, DELETE removes one (204), GET /api/v1/webhooks/{id}/deliveries shows its latest
 * deliveries. Another account's id, or an unknown one, is 404.
 */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import { HttpError } from '../../errors.js';
import { validate } from '../../validation.js';
import { webhookUrlProblem } from '../../webhooks/address.js';
import { WEBHOOK_EVENTS } from '../../webhooks/events.js';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks } from '../../webhooks/registry.js';
import type { AppDeps } from '../deps.js';
import { jsonBody } from '../middleware/json-body.js';

export const WebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    events: Type.Optional(
      Type.Array(Type.Union(WEBHOOK_EVENTS.map((e) => Type.Literal(e))), { minItems: 1, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookBody = Static<typeof WebhookBody>;

const Iso = Type.String({ format: 'date-time' });
const WebhookView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  created_at: Iso,
});

/** 201: the registration, with its signing secret shown this once. */
export const WebhookCreated = Type.Composite([WebhookView, Type.Object({ secret: Type.String() })]);
export const WebhookList = Type.Object({ webhooks: Type.Array(WebhookView) });
export const DeliveryList = Type.Object({
  deliveries: Type.Array(
    Type.Object({
      id: Type.String(),
      event: Type.String(),
      state: Type.String(),
      attempts: Type.Integer(),
      last_status: Type.Union([Type.Integer(), Type.Null()]),
      last_error: Type.Union([Type.String(), Type.Null()]),
      next_attempt_at: Type.Union([Iso, Type.Null()]),
      created_at: Iso,
      updated_at: Iso,
    }),
  ),
});

/** Routes of the webhook resource (mounted behind authentication). */
export function webhookRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { db } = deps.store;
  const settings = deps.config.webhooks;

  router.post('/webhooks', jsonBody(deps.config.bodyLimit), async (ctx) => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'webhooks');
    const body = validate(WebhookBody, ctx.request.body);
    const problem = webhookUrlProblem(body.url, { allowPrivate: settings.allowPrivate });
    if (problem)
      throw new HttpError('UNPROCESSABLE', `url: ${problem}`, {
        details: [{ field: 'url', message: problem }],
      });
    const created = await createWebhook(db, deps.background.secrets, {
      accountId: principal.accountId,
      url: body.url,
      events: body.events ?? ['generation.completed'],
      now: deps.clock.now(),
      cap: settings.perAccount,
    });
    if (!created) {
      throw new HttpError(
        'WEBHOOK_LIMIT',
        `This account has ${settings.perAccount} webhooks, the most it may have; delete one first.`,
      );
    }
    ctx.status = 201;
    ctx.set('Location', `/api/v1/webhooks/${created.id}`);
    ctx.body = created satisfies Static<typeof WebhookCreated>;
  });

  router.get('/webhooks', async (ctx) => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'webhooks');
    ctx.body = { webhooks: await listWebhooks(db, principal.accountId) } satisfies Static<typeof WebhookList>;
  });

  router.delete('/webhooks/:id', async (ctx) => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'webhooks');
    if (!(await deleteWebhook(db, principal.accountId, ctx.params.id!, deps.clock.now()))) {
      throw new HttpError('NOT_FOUND', `No webhook ${JSON.stringify(ctx.params.id)}.`);
    }
    ctx.status = 204;
  });

  router.get('/webhooks/:id/deliveries', async (ctx) => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'webhooks');
    const deliveries = await listDeliveries(db, principal.accountId, ctx.params.id!);
    if (!deliveries) throw new HttpError('NOT_FOUND', `No webhook ${JSON.stringify(ctx.params.id)}.`);
    ctx.body = { deliveries } satisfies Static<typeof DeliveryList>;
  });
  return router;
}
