/**
 * Agent metering (docs/decisions.md): the first 500 records of each UTC day are free, then USD 0.001 per
 * started unit of 100 records. The charge is a function of the day's record count alone — the count
 * Limiter.reserveRecords keeps in `daily_usage` when a generation is accepted — so the store already
 * records everything billing needs, and the estimate and the real charge use the same arithmetic:
 *
 *   day's units = ceil(max(0, records_today − 500) / 100)
 *   a request's units = day's units after it − day's units before it
 *
 * Units are counted per day, not per request: ten requests of 10 billable records start one unit.
 */
import { AGENT_METERING } from '../accounts/plans.js';
import type { Db } from '../store/database.js';

export interface RequestCharge {
  daily_used_before: number;
  daily_used_after: number;
  free_records_per_day: number;
  free_records_remaining_before: number;
  billable_records: number;
  billable_units_100: number;
  estimated_cost_usd: string;
}

export interface DayCharge {
  day: string;
  records: number;
  free_records: number;
  billable_records: number;
  billable_units_100: number;
  cost_usd: string;
}

const [whole = '0', fraction = ''] = AGENT_METERING.price_usd_per_unit.split('.');
const PRICE_DECIMALS = fraction.length;
const PRICE_MINOR = Number(whole) * 10 ** PRICE_DECIMALS + Number(fraction || '0'); // USD × 10^decimals

/** USD for `units` units, as a decimal string with the price's decimals (3 units → "0.003"). */
export function costOfUnits(units: number): string {
  const minor = BigInt(units) * BigInt(PRICE_MINOR);
  if (PRICE_DECIMALS === 0) return minor.toString();
  const scale = 10n ** BigInt(PRICE_DECIMALS);
  return `${minor / scale}.${(minor % scale).toString().padStart(PRICE_DECIMALS, '0')}`;
}

/** Records of a day beyond the free allowance. */
export function billableRecordsOfDay(records: number): number {
  return Math.max(0, records - AGENT_METERING.free_records_per_day);
}

/** Started units of 100 billable records in a day. */
export function billableUnitsOfDay(records: number): number {
  return Math.ceil(billableRecordsOfDay(records) / AGENT_METERING.unit_records);
}

/** What `requested` records cost on top of `usedBefore` records already used today. */
export function chargeOfRequest(usedBefore: number, requested: number): RequestCharge {
  const after = usedBefore + requested;
  const units = billableUnitsOfDay(after) - billableUnitsOfDay(usedBefore);
  return {
    daily_used_before: usedBefore,
    daily_used_after: after,
    free_records_per_day: AGENT_METERING.free_records_per_day,
    free_records_remaining_before: Math.max(0, AGENT_METERING.free_records_per_day - usedBefore),
    billable_records: billableRecordsOfDay(after) - billableRecordsOfDay(usedBefore),
    billable_units_100: units,
    estimated_cost_usd: costOfUnits(units),
  };
}

/** The charge of a whole day of `records`. */
export function chargeOfDay(day: string, records: number): DayCharge {
  const units = billableUnitsOfDay(records);
  return {
    day,
    records,
    free_records: Math.min(records, AGENT_METERING.free_records_per_day),
    billable_records: billableRecordsOfDay(records),
    billable_units_100: units,
    cost_usd: costOfUnits(units),
  };
}

/** An account's charge for one UTC day ('YYYY-MM-DD'), from the records counted in the store. */
export async function accountDayCharge(db: Db, accountId: string, day: string): Promise<DayCharge> {
  const row = await db
    .selectFrom('daily_usage')
    .select('records')
    .where('account_id', '=', accountId)
    .where('day', '=', day)
    .executeTakeFirst();
  return chargeOfDay(day, row ? Number(row.records) : 0);
}

/** Every agent account's charge for a day (for invoicing), largest first; accounts without usage omitted. */
export async function agentChargesOfDay(
  db: Db,
  day: string,
): Promise<(DayCharge & { account_id: string })[]> {
  const rows = await db
    .selectFrom('daily_usage')
    .innerJoin('accounts', 'accounts.id', 'daily_usage.account_id')
    .select(['daily_usage.account_id', 'daily_usage.records'])
    .where('accounts.tier', '=', 'agent')
    .where('daily_usage.day', '=', day)
    .where('daily_usage.records', '>', 0)
    .orderBy('daily_usage.records', 'desc')
    .execute();
  return rows.map((r) => ({ account_id: r.account_id, ...chargeOfDay(day, Number(r.records)) }));
}

/** The metered terms as the API states them (checkout `pricing`, estimate `pricing`, claim `usage`). */
export function meteredPricing(): {
  plan: 'agent';
  currency: 'USD';
  free_records_per_day: number;
  unit_records: number;
  price_usd_per_100_records: string;
  billing: string;
} {
  return {
    plan: 'agent',
    currency: 'USD',
    free_records_per_day: AGENT_METERING.free_records_per_day,
    unit_records: AGENT_METERING.unit_records,
    price_usd_per_100_records: AGENT_METERING.price_usd_per_unit,
    billing: BILLING_TEXT,
  };
}

export const BILLING_TEXT = `Metered per UTC day: the first ${AGENT_METERING.free_records_per_day} records are free, then USD ${AGENT_METERING.price_usd_per_unit} per started unit of ${AGENT_METERING.unit_records} records; records count when a generation request is accepted.`;
