/**
 * Webhook registrations of an account: create (the secret is returned once, then only kept sealed),
 * list (without secrets), delete (soft: pending deliveries then stop), and the delivery log.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/database.js';
import type { SecretBox } from './secrets.js';
import { newWebhookSecret } from './signature.js';

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  created_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Registers a webhook; undefined when the account already has `cap` of them. */
export async function createWebhook(
  db: Db,
  secrets: SecretBox,
  input: { accountId: string; url: string; events: string[]; now: number; cap: number },
): Promise<(WebhookView & { secret: string }) | undefined> {
  const secret = newWebhookSecret();
  const id = randomUUID();
  return db.transaction().execute(async (trx) => {
    // A no-op write to the account row serializes concurrent registrations of one account: under
    // PostgreSQL's READ COMMITTED two transactions would otherwise both count under the cap and insert.
    await trx
      .updateTable('accounts')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', input.accountId)
      .execute();
    const { n } = await trx
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', input.accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= input.cap) return undefined;
    await trx
      .insertInto('webhooks')
      .values({
        id,
        account_id: input.accountId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret: secrets.seal(secret),
        created_at: input.now,
      })
      .execute();
    return { id, url: input.url, events: input.events, secret, created_at: iso(input.now) };
  });
}

/** The account's webhooks, oldest first, without secrets. */
export async function listWebhooks(db: Db, accountId: string): Promise<WebhookView[]> {
  const rows = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'created_at'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: JSON.parse(r.events) as string[],
    created_at: iso(r.created_at),
  }));
}

/** Whether the account's webhook `id` existed and is now deleted. */
export async function deleteWebhook(db: Db, accountId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest deliveries (up to 100) of the account's webhook `id`, or undefined if it is not theirs. */
export async function listDeliveries(db: Db, accountId: string, id: string) {
  const hook = await db
    .selectFrom('webhooks')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!hook) return undefined;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event',
      'state',
      'attempts',
      'last_status',
      'last_error',
      'next_attempt_at',
      'created_at',
      'updated_at',
    ])
    .where('webhook_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    state: r.state,
    attempts: r.attempts,
    last_status: r.last_status,
    last_error: r.last_error,
    next_attempt_at: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}
