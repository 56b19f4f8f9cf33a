/**
 * API keys: `mh_` + 32 lowercase hex characters. Only the SHA-256 hash is stored; the key itself is
 * shown once, at creation. Keys belong to an account, which holds the tier and the usage, so rotating
 * a key keeps the account's limits and counters.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Tier } from './plans.js';
import type { Db } from '../store/database.js';
import { reusableQuery } from '../store/reusable-query.js';

export const API_KEY_PATTERN = /^mh_[0-9a-f]{32}$/;
const PREFIX_LENGTH = 11; // 'mh_' + 8 hex characters

export interface Principal {
  keyId: string;
  accountId: string;
  tier: Tier;
}

export interface CreatedKey {
  api_key: string;
  key_prefix: string;
  key_id: string;
  account_id: string;
  tier: Tier;
  created_at: string;
}

export interface KeySummary {
  key_prefix: string;
  key_id: string;
  account_id: string;
  tier: Tier;
  created_at: string;
  revoked_at: string | null;
}

/** SHA-256 of a key, hex-encoded: what the store keeps. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Creates a key on a new account of `tier`, or on an existing account (rotation). Given a transaction
 * (the agent claim), it runs inside it, so the key exists only if the caller's transaction commits.
 */
export async function createApiKey(
  db: Db,
  clock: Clock,
  target: { tier: Tier } | { accountId: string },
): Promise<CreatedKey> {
  const now = clock.now();
  const inTransaction = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    let accountId: string;
    let tier: Tier;
    if ('accountId' in target) {
      const account = await trx
        .selectFrom('accounts')
        .select(['id', 'tier'])
        .where('id', '=', target.accountId)
        .executeTakeFirst();
      if (!account) throw new Error(`No account ${target.accountId}`);
      accountId = account.id;
      tier = account.tier as Tier;
    } else {
      accountId = randomUUID();
      tier = target.tier;
      await trx.insertInto('accounts').values({ id: accountId, tier, created_at: now }).execute();
    }
    // A prefix identifies a key for revocation, so it must be unique; on the rare clash, draw again.
    for (;;) {
      const apiKey = `mh_${randomBytes(16).toString('hex')}`;
      const prefix = apiKey.slice(0, PREFIX_LENGTH);
      const clash = await trx
        .selectFrom('api_keys')
        .select('id')
        .where('key_prefix', '=', prefix)
        .executeTakeFirst();
      if (clash) continue;
      const keyId = randomUUID();
      await trx
        .insertInto('api_keys')
        .values({
          id: keyId,
          account_id: accountId,
          key_hash: hashApiKey(apiKey),
          key_prefix: prefix,
          created_at: now,
          revoked_at: null,
        })
        .execute();
      return {
        api_key: apiKey,
        key_prefix: prefix,
        key_id: keyId,
        account_id: accountId,
        tier,
        created_at: new Date(now).toISOString(),
      };
    }
  });
}

/** The principal of a live (unrevoked) key, or undefined. The format is checked by the caller. */
export async function findPrincipal(db: Db, apiKey: string): Promise<Principal | undefined> {
  const { rows } = await selectPrincipal(db, { keyHash: hashApiKey(apiKey) });
  const row = rows[0];
  return row ? { keyId: row.keyId, accountId: row.accountId, tier: row.tier as Tier } : undefined;
}

/** Run on every authenticated request: compiled once (reusable-query.ts). */
const selectPrincipal = reusableQuery(['keyHash'], (db, { keyHash }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.id as keyId', 'accounts.id as accountId', 'accounts.tier as tier'])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null),
);

/** Every key, newest first, identified by prefix; never the key or its hash. */
export async function listApiKeys(db: Db): Promise<KeySummary[]> {
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.key_prefix',
      'api_keys.id',
      'api_keys.account_id',
      'accounts.tier',
      'api_keys.created_at',
      'api_keys.revoked_at',
    ])
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.key_prefix')
    .execute();
  return rows.map((r) => ({
    key_prefix: r.key_prefix,
    key_id: r.id,
    account_id: r.account_id,
    tier: r.tier as Tier,
    created_at: new Date(r.created_at).toISOString(),
    revoked_at: r.revoked_at === null ? null : new Date(r.revoked_at).toISOString(),
  }));
}

/** Revokes the key with this prefix; false when no live key has it. Takes effect on the next request. */
export async function revokeApiKey(db: Db, clock: Clock, keyPrefix: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: clock.now() })
    .where('key_prefix', '=', keyPrefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
