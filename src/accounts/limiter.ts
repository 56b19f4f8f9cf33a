/**
 * Plan enforcement, reusable by every route: feature gating, the per-minute request allowance, the
 * per-request record limit and the daily record and prompt allowances. Every counter is changed by one
 * conditional upsert, so concurrent requests — on one instance or many sharing PostgreSQL — can never
 * together exceed a limit.
 */
import { sql } from 'kysely';
import type { Principal } from './api-keys.js';
import { type Clock, nextUtcMidnight, utcDay } from './clock.js';
import { HttpError } from '../errors.js';
import { FEATURES, type Feature, type TierLimits, type Plans, type Tier } from './plans.js';
import type { Db } from '../store/database.js';
import { reusableQuery } from '../store/reusable-query.js';
import type { SizeLimits } from '../../workers/engine/index.js';

const MINUTE_MS = 60_000;
const UPGRADE_ORDER: Tier[] = ['pro', 'scale', 'agent'];

// The statements of every authenticated request, compiled once (reusable-query.ts).

/** Adds one request to the account's current minute window; returns the window's count. */
const countInWindow = reusableQuery(['account', 'windowStart'], (db, { account, windowStart }) =>
  db
    .insertInto('rate_windows')
    .values({ account_id: account, window_start: windowStart, requests: 1 })
    .onConflict((oc) =>
      oc.columns(['account_id', 'window_start']).doUpdateSet({ requests: sql`rate_windows.requests + 1` }),
    )
    .returning('requests'),
);

const selectToday = reusableQuery(['account', 'day'], (db, { account, day }) =>
  db
    .selectFrom('daily_usage')
    .select(['records', 'prompts'])
    .where('account_id', '=', account)
    .where('day', '=', day),
);

/**
 * Adds records and prompts to a day's usage, only if the daily limits that are set still hold after
 * it; returns the day's records, or no row when a limit would be passed. One statement per
 * combination of limits set (`records/prompts`), as each adds its own condition.
 */
function addUsage(recordsLimited: boolean, promptsLimited: boolean) {
  const names = ['account', 'day', 'records', 'prompts', 'limit', 'promptLimit'] as const;
  return reusableQuery(
    names.filter((n) => (n !== 'limit' || recordsLimited) && (n !== 'promptLimit' || promptsLimited)),
    (db, { account, day, records, prompts, limit, promptLimit }) =>
      db
        .insertInto('daily_usage')
        .values({ account_id: account, day, records, prompts })
        .onConflict((oc) => {
          let update = oc.columns(['account_id', 'day']).doUpdateSet({
            records: sql`daily_usage.records + excluded.records`,
            prompts: sql`daily_usage.prompts + excluded.prompts`,
          });
          if (recordsLimited) update = update.where(sql`daily_usage.records + excluded.records`, '<=', limit);
          if (promptsLimited) {
            update = update.where(sql`daily_usage.prompts + excluded.prompts`, '<=', promptLimit);
          }
          return update;
        })
        .returning('records'),
  );
}
const ADD_USAGE = {
  'false/false': addUsage(false, false),
  'true/false': addUsage(true, false),
  'false/true': addUsage(false, true),
  'true/true': addUsage(true, true),
};

export interface DailyState {
  used: number;
  limit: number | null;
}

export class Limiter {
  constructor(
    private readonly db: Db,
    private readonly plans: Plans,
    private readonly clock: Clock,
  ) {}

  /** The plan of a principal. */
  plan(principal: Principal): Readonly<TierLimits> {
    return this.plans[principal.tier];
  }

  /** Throws 429 RATE_LIMIT_EXCEEDED, stating the maximum, when `records` pass the per-request limit. */
  requireRecordsPerRequest(principal: Principal, records: number, mode: 'sync' | 'async' = 'sync'): void {
    const plan = this.plan(principal);
    const perRequest = mode === 'async' ? plan.records_per_async_request : plan.records_per_request;
    if (perRequest !== null && records > perRequest) {
      throw new HttpError(
        'RATE_LIMIT_EXCEEDED',
        `This request asks for ${records} records; the ${principal.tier} plan allows at most ${perRequest} records per ${mode === 'async' ? 'asynchronous ' : ''}request.`,
      );
    }
  }

  /** The plan's allowances of worst-case output bytes. */
  sizeLimits(principal: Principal): SizeLimits {
    const plan = this.plan(principal);
    return { value: plan.bytes_per_value, row: plan.bytes_per_row, total: plan.bytes_per_request };
  }

  /** Throws 403 FEATURE_REQUIRES_UPGRADE, naming the feature, when the plan lacks it. */
  requireFeature(principal: Principal, feature: Feature): void {
    if (this.plan(principal).features.includes(feature)) return;
    const needed = UPGRADE_ORDER.find((tier) => this.plans[tier].features.includes(feature)) ?? 'internal';
    throw new HttpError(
      'FEATURE_REQUIRES_UPGRADE',
      `${FEATURES[feature]} requires the ${needed} plan or above; this key is on the ${principal.tier} plan.`,
    );
  }

  /** Counts one request against the per-minute allowance; throws 429 with Retry-After when over. */
  async countRequest(principal: Principal): Promise<void> {
    const limit = this.plan(principal).requests_per_minute;
    if (limit === null) return;
    const now = this.clock.now();
    const windowStart = now - (now % MINUTE_MS);
    const { rows } = await countInWindow(this.db, { account: principal.accountId, windowStart });
    if (rows[0]!.requests <= limit) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart + MINUTE_MS - now) / 1000));
    throw new HttpError(
      'RATE_LIMIT_EXCEEDED',
      `Too many requests: the ${principal.tier} plan allows ${limit} requests per minute. Retry after ${retryAfter} s.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }

  /** Records and prompts used today by the principal's account (read in `db`, a transaction if given). */
  async today(principal: Principal, db: Db = this.db): Promise<{ records: number; prompts: number }> {
    const { rows } = await selectToday(db, { account: principal.accountId, day: utcDay(this.clock.now()) });
    const row = rows[0];
    return { records: row ? Number(row.records) : 0, prompts: row ? Number(row.prompts) : 0 };
  }

  /** Records used today and the plan's daily limit, as the rate-limit headers need them. */
  async daily(principal: Principal, db: Db = this.db): Promise<DailyState> {
    const { records } = await this.today(principal, db);
    return { used: records, limit: this.plan(principal).records_per_day };
  }

  /**
   * Reserves `records`, and `prompts` prompt conversions, for an accepted request: checks the
   * per-request limit, then adds both to today's usage in one statement only if both daily allowances
   * still hold. Throws 429 otherwise, naming the allowance that is used up; nothing is counted then.
   * In a transaction (`db`), the reservation stands only if that transaction commits.
   */
  async reserveRecords(
    principal: Principal,
    records: number,
    mode: 'sync' | 'async' = 'sync',
    prompts = 0,
    db: Db = this.db,
  ): Promise<DailyState> {
    this.requireRecordsPerRequest(principal, records, mode);
    const plan = this.plan(principal);
    const limit = plan.records_per_day;
    const promptLimit = plan.prompts_per_day;
    const day = utcDay(this.clock.now());
    const fits = (limit === null || records <= limit) && (promptLimit === null || prompts <= promptLimit);
    const values = { account: principal.accountId, day, records, prompts, limit, promptLimit };
    const row = !fits
      ? undefined
      : (await ADD_USAGE[`${limit !== null}/${promptLimit !== null}`](db, values)).rows[0];
    if (row) return { used: Number(row.records), limit };
    const today = await this.today(principal, db);
    if (promptLimit !== null && today.prompts + prompts > promptLimit) throw this.promptsUsedUp(principal);
    throw new HttpError(
      'RATE_LIMIT_EXCEEDED',
      `Daily record limit reached: the ${principal.tier} plan allows ${limit} records per day and ${Math.max(0, (limit ?? 0) - today.records)} remain; this request asks for ${records}.`,
      { headers: { ...this.headers({ used: limit ?? today.records, limit }) } },
    );
  }

  /**
   * Throws 429 when today's prompt allowance is used up, before a prompt is converted for nothing. It
   * counts nothing: reserveRecords counts the prompt once the request is accepted.
   */
  async requirePrompt(principal: Principal): Promise<void> {
    const limit = this.plan(principal).prompts_per_day;
    if (limit === null) return;
    if ((await this.today(principal)).prompts >= limit) throw this.promptsUsedUp(principal);
  }

  private promptsUsedUp(principal: Principal): HttpError {
    const limit = this.plan(principal).prompts_per_day;
    return new HttpError(
      'RATE_LIMIT_EXCEEDED',
      `Daily prompt limit reached: the ${principal.tier} plan allows ${limit} prompt conversions per day.`,
    );
  }

  /**
   * The X-RateLimit-* headers of today's usage. An unlimited plan has none, so today's usage is not
   * read for it (a query on every request of such a key, for nothing).
   */
  async dailyHeaders(principal: Principal): Promise<Record<string, string>> {
    if (this.plan(principal).records_per_day === null) return {};
    return this.headers(await this.daily(principal));
  }

  /** X-RateLimit-* headers for a daily state; none for an unlimited plan. */
  headers(state: DailyState): Record<string, string> {
    if (state.limit === null) return {};
    return {
      'X-RateLimit-Limit': String(state.limit),
      'X-RateLimit-Remaining': String(Math.max(0, state.limit - state.used)),
      'X-RateLimit-Reset': new Date(nextUtcMidnight(this.clock.now())).toISOString(),
    };
  }

  /** Deletes per-minute windows that can no longer matter. */
  async pruneWindows(): Promise<void> {
    await this.db
      .deleteFrom('rate_windows')
      .where('window_start', '<', this.clock.now() - 2 * MINUTE_MS)
      .execute();
  }
}
