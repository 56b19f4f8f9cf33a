/**
 * Versioned schema migrations, run at start by Kysely's Migrator through each store's `migrate()`
 * (on PostgreSQL the Migrator takes a lock; the SQLite store wraps it in an IMMEDIATE transaction), so
 * several processes starting at once are safe. Never edit a released migration: add one.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter } from 'kysely';

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
  '0003_jobs_and_webhooks': {
    async up(db: Kysely<unknown>) {
      // Result parts live in PostgreSQL when it is the store (any instance serves any job), in files
      // under DATA_DIR on SQLite; the column exists on both, unused on SQLite.
      const blob = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('dialect', 'text', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('schema', 'text')
        .addColumn('records_total', 'bigint', (c) => c.notNull())
        .addColumn('parts_total', 'integer', (c) => c.notNull())
        .addColumn('parts_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('generation_ms', 'bigint')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .execute();
      await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'started_at']).execute();
      await db.schema.createIndex('jobs_expires_idx').on('jobs').column('expires_at').execute();
      await db.schema
        .createTable('job_parts')
        .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('table_name', 'text')
        .addColumn('start_row', 'bigint', (c) => c.notNull())
        .addColumn('end_row', 'bigint', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('raw_bytes', 'bigint')
        .addColumn('stored_bytes', 'bigint')
        .addColumn('ran_by', 'text')
        .addColumn('data', blob)
        .addPrimaryKeyConstraint('job_parts_pk', ['job_id', 'seq'])
        .execute();
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('webhooks_account_idx').on('webhooks').column('account_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_webhook_idx')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'created_at'])
        .execute();
      // The embedded queue (src/jobs/local-queue.ts); PostgreSQL deployments use pg-boss's own tables.
      await db.schema
        .createTable('queue_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_after', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('queue_tasks_fetch_idx')
        .on('queue_tasks')
        .columns(['queue', 'state', 'start_after'])
        .execute();
    },
  },
  '0004_stored_result_codec': {
    async up(db: Kysely<unknown>) {
      // How a job's parts are stored (src/jobs/generate-part.ts): jobs accepted before this were
      // Brotli; a gzip part keeps the CRC-32 of its raw bytes for the trailer of a download.
      await db.schema
        .alterTable('jobs')
        .addColumn('result_codec', 'text', (c) => c.notNull().defaultTo('br'))
        .execute();
      await db.schema.alterTable('job_parts').addColumn('crc32', 'bigint').execute();
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
