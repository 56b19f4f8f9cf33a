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

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  rate_windows: RateWindowsTable;
  daily_usage: DailyUsageTable;
  agent_checkouts: AgentCheckoutsTable;
  provider_events: ProviderEventsTable;
}

export type Db = Kysely<Database>;
