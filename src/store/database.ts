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

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  rate_windows: RateWindowsTable;
  daily_usage: DailyUsageTable;
}

export type Db = Kysely<Database>;
