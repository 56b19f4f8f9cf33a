/**
 * The largest request of long text that given byte allowances accept, found with the engine's own
 * worst-case sizes: the longest value, then the most such fields in a row, then the most rows. Shared
 * by the event-loop test and bench/limits.bench.ts.
 */
import { compile, planSize } from '../../workers/engine/index.js';

/** Byte allowances and a record limit, as a plan (or the inline budget) sets them. */
export interface Allowance {
  value: number;
  row: number;
  total: number;
  records: number;
}

/** A table of `count` rows of `fields` long strings of `length` characters. */
export function longText(count: number, fields: number, length: number) {
  const columns = Array.from({ length: fields }, (_, i) => ({
    name: `f${i}`,
    type: 'long_string',
    params: { length },
  }));
  return { tables: [{ name: 'docs', count, fields: columns }] };
}

function sizeOf(request: ReturnType<typeof longText>) {
  const compiled = compile({ ...request, locale: 'en', seed: 1 });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return planSize(compiled.plan);
}

/** The largest long-text request within `limits` (binary searches over the engine's bounds). */
export function largestRequest(limits: Allowance): ReturnType<typeof longText> {
  const most = (low: number, high: number, fits: (n: number) => boolean) => {
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(mid)) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const length = most(1, 100_000, (n) => sizeOf(longText(1, 1, n)).value.bytes <= limits.value);
  const fields = most(1, 500, (n) => sizeOf(longText(1, n, length)).row.bytes <= limits.row);
  const count = most(1, limits.records, (n) => sizeOf(longText(n, fields, length)).total <= limits.total);
  return longText(count, fields, length);
}
