/**
 * Job events to webhook deliveries: when a job ends, each of its account's webhooks subscribed to the
 * event gets a delivery (a row, and a task on the queue), in the transaction that ends the job, so a
 * crash never loses one nor sends one for a job that did not end.
 */
import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../jobs/queue.js';
import type { JobRow } from '../jobs/records.js';
import type { Db } from '../store/database.js';

/** Event kinds a webhook may subscribe to. */
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery's task on the queue. */
export interface DeliveryTask {
  delivery_id: string;
}

/** The delivery body (no generated records). */
export function eventBody(id: string, event: WebhookEvent, job: JobRow, now: number): string {
  const meta = JSON.parse(job.meta) as { records_per_table: Record<string, number>; seed: number };
  return JSON.stringify({
    id,
    event,
    created_at: new Date(now).toISOString(),
    data: {
      job_id: job.id,
      status: job.status,
      records_total: job.records_total,
      records_per_table: meta.records_per_table,
      format: job.format,
      seed: meta.seed,
      poll_url: `/api/v1/jobs/${job.id}`,
      ...(job.status === 'failed' ? { error: { code: job.error_code, message: job.error_message } } : {}),
    },
  });
}

/** Queues a delivery of `event` about `job` to each subscribed webhook of its account, in `trx`. */
export async function enqueueJobEvent(
  trx: Db,
  queue: JobQueue,
  job: JobRow,
  event: WebhookEvent,
  now: number,
): Promise<void> {
  const hooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('account_id', '=', job.account_id)
    .where('deleted_at', 'is', null)
    .execute();
  const deliveries = hooks
    .filter((hook) => (JSON.parse(hook.events) as string[]).includes(event))
    .map((hook) => {
      const id = randomUUID();
      return {
        id,
        webhook_id: hook.id,
        event,
        body: eventBody(id, event, job, now),
        state: 'pending',
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      };
    });
  if (deliveries.length === 0) return;
  await trx.insertInto('webhook_deliveries').values(deliveries).execute();
  const tasks: DeliveryTask[] = deliveries.map((d) => ({ delivery_id: d.id }));
  await queue.send('webhook-delivery', tasks, { trx });
}
