/** Table types of the state database, shared by the SQLite and PostgreSQL stores. */
import type { Generated, Kysely } from 'kysely';

// Times are stored as epoch milliseconds (BIGINT), days as 'YYYY-MM-DD' text: both compare correctly
// and behave the same on SQLite and PostgreSQL.

export interface AccountsTable {
  id: string;
  tier: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface RateWindowsTable {
  account_id: string;
  window_start: number;
  requests: Generated<number>;
}

export interface DailyUsageTable {
  account_id: string;
  day: string;
  records: Generated<number>;
  prompts: Generated<number>;
}

/** One agent checkout (docs/agent-purchase.md). `status` stores pending|paid|claimed; expired is derived. */
export interface AgentCheckoutsTable {
  id: string;
  email: string;
  /** SHA-256 of the claim token, hex; the token itself is never stored. */
  claim_token_hash: string;
  /** SHA-256 of email + Idempotency-Key, when one was sent; unique. */
  idempotency_hash: string | null;
  /** Random salt from which, with the Idempotency-Key, the claim token is derived again on a replay. */
  token_salt: string | null;
  provider: string;
  provider_checkout_id: string;
  url: string;
  status: string;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  claimed_at: number | null;
  /** The account and key prefix the claim created. */
  account_id: string | null;
  key_prefix: string | null;
}

/** Provider notifications already applied, by their webhook-id: a replay changes nothing. */
export interface ProviderEventsTable {
  provider: string;
  event_id: string;
  received_at: number;
}

/** An asynchronous generation job (docs/jobs.md); `spec` holds what recompiles its plan anywhere. */
export interface JobsTable {
  id: string;
  account_id: string;
  /** pending | processing | completed | failed */
  status: string;
  format: string;
  dialect: string;
  /** JSON: { tables, locale, seed }. */
  spec: string;
  /** JSON: meta as known before generating. */
  meta: string;
  /** JSON: the schema inferred from a prompt, or null. */
  schema: string | null;
  records_total: number;
  parts_total: number;
  parts_done: Generated<number>;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  /** When the result is deleted (set when the job ends). */
  expires_at: number | null;
  generation_ms: number | null;
  error_code: string | null;
  error_message: string | null;
  /** How its parts are stored: gzip | none (JOB_RESULT_COMPRESSION when accepted) | br (jobs of before). */
  result_codec: string;
}

/** One part of a job's result, in order: fixed text, or a table's row range to generate. */
export interface JobPartsTable {
  job_id: string;
  seq: number;
  table_name: string | null;
  start_row: number;
  end_row: number;
  /** Fixed text of the result (a CSV header, a script's prologue); null for a row range. */
  text: string | null;
  done: Generated<number>;
  raw_bytes: number | null;
  stored_bytes: number | null;
  /** The instance that generated the part. */
  ran_by: string | null;
  /** The stored bytes, in the job's result_codec (PostgreSQL); files under DATA_DIR on SQLite. */
  data: Buffer | null;
  /** CRC-32 of the part's raw bytes (a gzip download's trailer combines them); null before. */
  crc32: number | null;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event kinds. */
  events: string;
  /** The signing secret, encrypted when WEBHOOK_SECRET_KEY is set (src/webhooks/secrets.ts). */
  secret: string;
  created_at: number;
  deleted_at: number | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  /** The exact body sent (and signed) on every attempt. */
  body: string;
  /** pending | delivered | failed */
  state: string;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Tasks of the embedded queue. */
export interface QueueTasksTable {
  id: string;
  queue: string;
  data: string;
  /** created | active */
  state: string;
  retry_count: Generated<number>;
  start_after: number;
  started_at: number | null;
  created_at: number;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  rate_windows: RateWindowsTable;
  daily_usage: DailyUsageTable;
  agent_checkouts: AgentCheckoutsTable;
  provider_events: ProviderEventsTable;
  jobs: JobsTable;
  job_parts: JobPartsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  queue_tasks: QueueTasksTable;
}

export type Db = Kysely<Database>;
