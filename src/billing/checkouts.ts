/**
 * Agent checkouts in the store: creation (with Idempotency-Key), lookup by claim token, the payment
 * transition on a verified notification, and the claim. Claim tokens are `mh_claim_` + 64 lowercase
 * hex; only their SHA-256 is stored. States: pending → paid → claimed; a checkout still pending 24 h
 * after creation reads as `expired` (derived from `expires_at`, so no sweeper is needed).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type CreatedKey, createApiKey } from '../accounts/api-keys.js';
import type { Clock } from '../accounts/clock.js';
import { HttpError } from '../errors.js';
import type { PaymentEvent, PaymentProvider } from './payment/index.js';
import type { AgentCheckoutsTable, Db } from '../store/database.js';

export const CLAIM_TOKEN_PATTERN = /^mh_claim_[0-9a-f]{64}$/;
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000; // an unpaid checkout expires after 24 h
/** Idempotency keys act as a secret for the checkout they name, so they must carry some entropy. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{16,255}$/;
const PROCESSED_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export type CheckoutStatus = 'pending' | 'paid' | 'claimed' | 'expired';
export type NextAction = 'complete_checkout' | 'claim_api_key' | 'already_claimed' | 'expired';
export type CheckoutRow = AgentCheckoutsTable;

const NEXT_ACTIONS: Record<CheckoutStatus, NextAction> = {
  pending: 'complete_checkout',
  paid: 'claim_api_key',
  claimed: 'already_claimed',
  expired: 'expired',
};

/** The status a client sees: a pending checkout past its expiry is `expired`. */
export function statusOf(row: Pick<CheckoutRow, 'status' | 'expires_at'>, nowMs: number): CheckoutStatus {
  if (row.status === 'pending' && nowMs >= Number(row.expires_at)) return 'expired';
  return row.status as CheckoutStatus;
}

/** The `next_action` of a status (docs/decisions.md). */
export function nextActionOf(status: CheckoutStatus): NextAction {
  return NEXT_ACTIONS[status];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The claim token of an idempotent checkout: derived again from the Idempotency-Key on a replay. */
function derivedToken(idempotencyKey: string, salt: string): string {
  return `mh_claim_${createHmac('sha256', idempotencyKey).update(`mockhive claim token\n${salt}`).digest('hex')}`;
}

function idempotencyHash(email: string, idempotencyKey: string): string {
  return sha256(`${email}\n${idempotencyKey}`);
}

export interface CreatedCheckout {
  row: CheckoutRow;
  claimToken: string;
  /** False when an earlier checkout with the same Idempotency-Key and email was returned. */
  created: boolean;
}

/**
 * Creates a checkout with the provider and stores it. With an Idempotency-Key, the same email and key
 * return the same checkout (and the same claim token); concurrent duplicates resolve to one row.
 */
export async function createCheckout(
  db: Db,
  clock: Clock,
  provider: PaymentProvider,
  input: {
    email: string;
    idempotencyKey: string | undefined;
    baseUrl: string;
    /** Called when a new checkout is about to be created (not on a replay); may throw to refuse it. */
    admit?: () => void;
  },
): Promise<CreatedCheckout> {
  const idemHash =
    input.idempotencyKey === undefined ? null : idempotencyHash(input.email, input.idempotencyKey);
  const replay = async (): Promise<CreatedCheckout | undefined> => {
    if (idemHash === null) return undefined;
    const row = await db
      .selectFrom('agent_checkouts')
      .selectAll()
      .where('idempotency_hash', '=', idemHash)
      .executeTakeFirst();
    if (!row || row.token_salt === null) return undefined;
    return { row, claimToken: derivedToken(input.idempotencyKey!, row.token_salt), created: false };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  input.admit?.();

  const id = randomUUID();
  const salt = idemHash === null ? null : randomBytes(32).toString('hex');
  const claimToken =
    salt === null ? `mh_claim_${randomBytes(32).toString('hex')}` : derivedToken(input.idempotencyKey!, salt);
  // The provider's checkout is created first: if it fails, nothing is stored.
  const checkout = await provider.createCheckout({
    checkoutId: id,
    email: input.email,
    baseUrl: input.baseUrl,
  });
  const now = clock.now();
  const row: CheckoutRow = {
    id,
    email: input.email,
    claim_token_hash: sha256(claimToken),
    idempotency_hash: idemHash,
    token_salt: salt,
    provider: provider.name,
    provider_checkout_id: checkout.providerCheckoutId,
    url: checkout.url,
    status: 'pending',
    created_at: now,
    expires_at: now + CHECKOUT_TTL_MS,
    paid_at: null,
    claimed_at: null,
    account_id: null,
    key_prefix: null,
  };
  const inserted = await db
    .insertInto('agent_checkouts')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { row, claimToken, created: true };
  // A concurrent request with the same key won the insert; its checkout is the answer.
  const winner = await replay();
  if (!winner) throw new Error('idempotent checkout vanished after an insert conflict');
  return winner;
}

/** The checkout of a well-formed claim token, or undefined. Hashes are compared in constant time. */
export async function findByToken(db: Db, token: string): Promise<CheckoutRow | undefined> {
  const hash = sha256(token);
  const row = await db
    .selectFrom('agent_checkouts')
    .selectAll()
    .where('claim_token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = Buffer.from(row.claim_token_hash, 'hex');
  const given = Buffer.from(hash, 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given) ? row : undefined;
}

/** The checkout behind a provider checkout id. */
export async function findByProviderCheckout(
  db: Db,
  provider: string,
  providerCheckoutId: string,
): Promise<CheckoutRow | undefined> {
  return db
    .selectFrom('agent_checkouts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_checkout_id', '=', providerCheckoutId)
    .executeTakeFirst();
}

/** pending → paid; true when this call made the change (a paid or claimed checkout stays as it is). */
export async function markPaid(db: Db, checkoutId: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('agent_checkouts')
    .set({ status: 'paid', paid_at: nowMs })
    .where('id', '=', checkoutId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type NotificationOutcome = 'paid' | 'duplicate' | 'ignored' | 'unknown_checkout' | 'no_change';

/**
 * Applies a verified notification once: its webhook-id is recorded in the same transaction as the
 * transition, so a replay (same id) changes nothing and a failed attempt can be retried by the provider.
 * A payment confirmed after the checkout expired still counts: the payer was charged.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  nowMs: number,
): Promise<NotificationOutcome> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('provider_events')
      .values({ provider: provider.name, event_id: event.eventId, received_at: nowMs })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    await trx
      .deleteFrom('provider_events')
      .where('received_at', '<', nowMs - PROCESSED_EVENTS_KEPT_MS)
      .execute();
    if (event.kind !== 'paid') return 'ignored';
    const row = await locate(trx, provider.name, event);
    if (!row) return 'unknown_checkout';
    return (await markPaid(trx, row.id, nowMs)) ? 'paid' : 'no_change';
  });
}

/** The checkout a payment event names: by the provider's checkout id, cross-checked with our metadata. */
async function locate(db: Db, provider: string, event: PaymentEvent): Promise<CheckoutRow | undefined> {
  if (event.providerCheckoutId !== undefined) {
    const row = await findByProviderCheckout(db, provider, event.providerCheckoutId);
    if (row && (event.checkoutId === undefined || event.checkoutId === row.id)) return row;
    return undefined;
  }
  if (event.checkoutId === undefined) return undefined;
  return db
    .selectFrom('agent_checkouts')
    .selectAll()
    .where('id', '=', event.checkoutId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/**
 * Claims the key of a paid checkout: one conditional UPDATE (… WHERE status = 'paid') decides the
 * single winner among concurrent claims, and the agent key is created in the same transaction, so a
 * crash leaves either no claim and no key, or both. 402 unpaid, 409 claimed, 410 expired, 404 unknown.
 */
export async function claimCheckout(db: Db, clock: Clock, token: string): Promise<CreatedKey> {
  const row = await findByToken(db, token);
  if (!row) throw new HttpError('NOT_FOUND', 'No checkout has this claim token.');
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const won = await trx
      .updateTable('agent_checkouts')
      .set({ status: 'claimed', claimed_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'paid')
      .returning('id')
      .executeTakeFirst();
    if (!won) {
      const current = await trx
        .selectFrom('agent_checkouts')
        .select(['status', 'expires_at'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      const status = statusOf(current, now);
      if (status === 'claimed') throw new HttpError('ALREADY_CLAIMED');
      if (status === 'expired') {
        throw new HttpError('CHECKOUT_EXPIRED', 'The checkout expired unpaid; create a new one.');
      }
      throw new HttpError('PAYMENT_REQUIRED', 'The checkout has not been paid yet; complete it at its url.');
    }
    const key = await createApiKey(trx, clock, { tier: 'agent' });
    await trx
      .updateTable('agent_checkouts')
      .set({ account_id: key.account_id, key_prefix: key.key_prefix })
      .where('id', '=', row.id)
      .execute();
    return key;
  });
}
