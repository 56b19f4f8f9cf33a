/**
 * The `pattern` type's cost per value beside `uuid`'s, in the same run: each type's prepared generator
 * over fresh cell streams (as the engine calls it), then whole rows of a one-field table through
 * generateRows. One line a figure; the ratio is pattern's time per value over uuid's.
 * Run: node --import tsx bench/pattern.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { compile, generateRows, type TableSpec } from '../workers/engine/index.js';
import { CellRng, cellKey } from '../workers/engine/random.js';
import { FIELD_TYPES } from '../workers/engine/types/index.js';
import { cellContext } from '../test/engine/cell-context.js';
import { median } from './engine.bench.js';

const VALUES = 200_000;
const ROWS = 100_000;
const ROUNDS = 5;

/** Regexes of growing weight: a fixed-shape code, an email-like shape, a JSON Schema date-time-ish one. */
const REGEXES = [
  '^[A-Z]{3}-\\d{4}$',
  '^[a-z0-9._-]+@[a-z0-9-]+\\.(com|org|net)$',
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$',
];

type Scenario = { label: string; type: string; params: Record<string, unknown> };

const SCENARIOS: Scenario[] = [
  { label: 'uuid', type: 'uuid', params: {} },
  ...REGEXES.map((regex) => ({ label: `pattern ${regex}`, type: 'pattern', params: { regex } })),
];

/** Nanoseconds per value of the type's prepared generator. */
function perValue(s: Scenario): number {
  const type = FIELD_TYPES.get(s.type)!;
  const generate = type.prepare
    ? type.prepare(s.params)
    : (rng: CellRng) => type.generate(rng, ctx, s.params);
  const ctx = cellContext();
  const rng = new CellRng();
  let length = 0;
  const start = process.hrtime.bigint();
  for (let row = 0; row < VALUES; row++) {
    const value = generate(rng.reset(cellKey(0x5eed, row)), ctx);
    length += (value as string).length;
  }
  const ns = Number(process.hrtime.bigint() - start) / VALUES;
  if (length === 0) throw new Error('nothing generated');
  return ns;
}

/** Rows per second of a one-field table through the engine (compile included). */
function rowsPerSecond(s: Scenario, seed: number): number {
  const table: TableSpec = {
    name: 't',
    count: ROWS,
    fields: [{ name: 'v', type: s.type, params: s.params }],
  };
  const start = process.hrtime.bigint();
  const result = compile({ tables: [table], seed, locale: 'en' });
  if (!result.ok) throw new Error(result.error.message);
  let rows = 0;
  for (let from = 0; from < ROWS; from += 10_000)
    rows += generateRows(result.plan, 't', from, from + 10_000).length;
  return rows / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** Runs the benchmark; returns its lines (also printed when run directly). */
export function run(): string[] {
  for (const s of SCENARIOS) perValue(s); // warm up
  const ns = SCENARIOS.map(() => [] as number[]);
  const rates = SCENARIOS.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    SCENARIOS.forEach((s, i) => {
      ns[i]!.push(perValue(s));
      rates[i]!.push(rowsPerSecond(s, 100 + round));
    });
  }
  const base = median(ns[0]!);
  const baseRate = median(rates[0]!);
  return SCENARIOS.map((s, i) => {
    const cost = median(ns[i]!);
    const rate = median(rates[i]!);
    const ratio =
      i === 0 ? '' : `  ${(cost / base).toFixed(1)}x uuid per value, ${(rate / baseRate).toFixed(2)}x rows/s`;
    return `${s.label.slice(0, 44).padEnd(44)} ${cost.toFixed(0).padStart(6)} ns/value ${Math.round(rate).toLocaleString('en-US').padStart(10)} rows/s${ratio}`;
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of run()) console.log(line);
}
