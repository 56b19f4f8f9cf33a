/**
 * Runs one delivery task: signs the delivery's stored body, makes one attempt, records it, and
 * schedules the next attempt (a new task, same delivery id) on failure until the schedule ends.
 * The address guard is applied on every attempt, when connecting (src/webhooks/address.ts).
 */
import type { Logger } from 'pino';
import type { Clock } from '../accounts/clock.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Db } from '../store/database.js';
import { retryWhileUnavailable } from '../store/outage.js';
import { attemptDelivery, nextAttemptDelay } from './delivery.js';
import type { DeliveryTask } from './events.js';
import type { SecretBox } from './secrets.js';
import { deliveryHeaders } from './signature.js';

export interface DispatchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** The handler of the `webhook-delivery` queue. */
export function deliveryHandler(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  options: DispatchOptions;
}) {
  const { db, queue, clock, logger, secrets, options } = deps;
  return async (data: Record<string, unknown>): Promise<void> => {
    const { delivery_id: id } = data as unknown as DeliveryTask;
    const delivery = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.event', 'd.body', 'd.state', 'd.attempts', 'w.url', 'w.secret', 'w.deleted_at'])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!delivery || delivery.state !== 'pending') return;
    const now = clock.now();
    if (delivery.deleted_at !== null) {
      await db
        .updateTable('webhook_deliveries')
        .set({
          state: 'failed',
          last_error: 'the webhook was deleted',
          next_attempt_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    let secret: string;
    try {
      secret = secrets.open(delivery.secret);
    } catch (error) {
      // Sealed under another WEBHOOK_SECRET_KEY (or none is set): no attempt can be signed until the
      // operator restores the key, so the delivery fails rather than stay pending for ever.
      logger.error({ err: error, delivery: id }, 'webhook secret cannot be opened');
      await db
        .updateTable('webhook_deliveries')
        .set({
          state: 'failed',
          last_error: 'the signing secret cannot be opened',
          next_attempt_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    const headers = deliveryHeaders({
      secret,
      deliveryId: delivery.id,
      event: delivery.event,
      body: delivery.body,
      timestamp: new Date(now),
    });
    const outcome = await attemptDelivery(
      { url: delivery.url, headers, body: delivery.body },
      { allowPrivate: options.allowPrivate, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
    );
    const attempts = delivery.attempts + 1;
    const done = clock.now();
    const delay = outcome.ok ? undefined : nextAttemptDelay(attempts);
    const state = outcome.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const next = delay === undefined ? null : done + delay;
    logger.info(
      {
        delivery: id,
        attempt: attempts,
        status: outcome.status,
        error: outcome.error,
        detail: outcome.detail,
        state,
      },
      'webhook delivery attempt',
    );
    // The attempt was made: recording it waits out an outage, or the task would run again and the
    // receiver would get the delivery twice (same id, so a receiver that dedupes is safe either way).
    await retryWhileUnavailable(
      () =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('webhook_deliveries')
            .set({
              state,
              attempts,
              last_status: outcome.status ?? null,
              last_error: outcome.error ?? null,
              next_attempt_at: next,
              updated_at: done,
            })
            .where('id', '=', id)
            .execute();
          if (next !== null)
            await queue.send('webhook-delivery', [{ delivery_id: id }], { startAfter: next, trx });
        }),
      {
        onOutage: (error) =>
          logger.warn(
            { err: error, delivery: id },
            'delivery attempted; recording it waits for the database',
          ),
      },
    );
  };
}
