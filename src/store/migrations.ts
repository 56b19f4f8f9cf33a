/**
 * Versioned schema migrations, run at start by Kysely's Migrator through each store's `migrate()`
 * (on PostgreSQL the Migrator takes a lock; the SQLite store wraps it in an IMMEDIATE transaction), so
 * several processes starting at once are safe. Never edit a released migration: add one.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_keys_and_usage': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('rate_windows')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('rate_windows_pk', ['account_id', 'window_start'])
        .execute();
      await db.schema
        .createTable('daily_usage')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('prompts', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('daily_usage_pk', ['account_id', 'day'])
        .execute();
    },
  },
  '0002_agent_checkouts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('agent_checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('claim_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('idempotency_hash', 'text', (c) => c.unique())
        .addColumn('token_salt', 'text')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_checkout_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('claimed_at', 'bigint')
        .addColumn('account_id', 'text')
        .addColumn('key_prefix', 'text')
        .execute();
      await db.schema
        .createIndex('agent_checkouts_provider_idx')
        .on('agent_checkouts')
        .columns(['provider', 'provider_checkout_id'])
        .execute();
      await db.schema
        .createTable('provider_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
        .execute();
      await db.schema
        .createIndex('provider_events_received_idx')
        .on('provider_events')
        .column('received_at')
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message ?? String(error)}`, {
      cause: error,
    });
  }
}
