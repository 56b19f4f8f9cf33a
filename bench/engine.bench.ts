/**
 * Engine throughput: rows/s of generateRows for a 10-field users table (also through the forEachRow
 * visitor) and for each template, beside a plain seeded @faker-js/faker loop building the same users
 * table in the same run. One line a figure.
 * Run: node --import tsx bench/engine.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { faker } from '@faker-js/faker';
import {
  compile,
  expandTemplate,
  forEachRow,
  generateRows,
  type GenerationPlan,
  type TableSpec,
} from '../workers/engine/index.js';
import { usersTable } from '../workers/engine/samples.js';

const CHUNK = 10_000;
const ENGINE_USERS = 200_000;
const FAKER_USERS = 20_000;
const TEMPLATE_SCALE = 20;
const ROUNDS = 5;

const USERS: TableSpec = usersTable(ENGINE_USERS);

function planOf(tables: TableSpec[], seed: number): GenerationPlan {
  const result = compile({ tables, seed, locale: 'en' });
  if (!result.ok) throw new Error(result.error.message);
  return result.plan;
}

/** Generates every table of the plan in CHUNK-row ranges, as the workers will; returns rows made. */
function generateAll(plan: GenerationPlan): number {
  let rows = 0;
  for (const name of plan.order) {
    const count = plan.tables.find((t) => t.name === name)?.count ?? 0;
    for (let start = 0; start < count; start += CHUNK) {
      rows += generateRows(plan, name, start, Math.min(count, start + CHUNK)).length;
    }
  }
  return rows;
}

/** Like generateAll, through the forEachRow visitor (no row arrays); the visitor only counts. */
function visitAll(plan: GenerationPlan): number {
  let rows = 0;
  const count = (): void => {
    rows++;
  };
  for (const name of plan.order) {
    const total = plan.tables.find((t) => t.name === name)?.count ?? 0;
    for (let start = 0; start < total; start += CHUNK) {
      forEachRow(plan, name, start, Math.min(total, start + CHUNK), count);
    }
  }
  return rows;
}

/**
 * The ecommerce template as it was before derived values: totals and item prices drawn, no
 * conditional dates, events ordered only by their explicit anchors. The baseline for what computing
 * totals (and following every parent) costs.
 */
function ecommerceWithoutDerived(scale: number): TableSpec[] {
  return expandTemplate('ecommerce', scale).map((table) => ({
    ...table,
    fields: table.fields
      .filter((f) => (f.params as Record<string, unknown> | undefined)?.['when'] === undefined)
      .map((f) => {
        if (f.type === 'aggregate' || f.type === 'lookup')
          return { name: f.name, type: 'price', params: { min: 5, max: 500 } };
        const params: Record<string, unknown> = { ...f.params, after_parents: false };
        if (Array.isArray(params['after'])) params['after'] = params['after'][0];
        return f.type === 'datetime' ? { ...f, params } : f;
      }),
  }));
}

/** The baseline: faker's own helpers, seeded once, one object per row. */
function fakerUsers(count: number, seed: number): number {
  faker.seed(seed);
  const from = new Date('2021-01-01T00:00:00Z');
  const to = new Date('2025-12-31T00:00:00Z');
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    rows.push({
      id: faker.string.uuid(),
      first_name: firstName,
      last_name: lastName,
      email: faker.internet.email({ firstName, lastName }),
      city: faker.location.city(),
      country: faker.location.country(),
      created_at: faker.date.between({ from, to }).toISOString(),
      price: Number(faker.commerce.price()),
      active: faker.datatype.boolean(),
      age: faker.number.int({ min: 18, max: 90 }),
    });
  }
  return rows.length;
}

function rate(work: () => number): number {
  const start = process.hrtime.bigint();
  const rows = work();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return rows / seconds;
}

/** The middle value (the upper middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11);

/** Runs the benchmark; returns its lines (also printed when run directly). */
export function run(): string[] {
  const scenarios: { label: string; work: (seed: number) => number }[] = [
    { label: 'faker loop, users (10 fields)', work: (seed) => fakerUsers(FAKER_USERS, seed) },
    // Compile is included: it is part of every request.
    { label: 'engine, users (10 fields)', work: (seed) => generateAll(planOf([USERS], seed)) },
    { label: 'engine, users via forEachRow', work: (seed) => visitAll(planOf([USERS], seed)) },
    {
      label: `engine, ecommerce x${TEMPLATE_SCALE}, no derived`,
      work: (seed: number) => generateAll(planOf(ecommerceWithoutDerived(TEMPLATE_SCALE), seed)),
    },
    ...(['ecommerce', 'blog', 'saas', 'social'] as const).map((id) => ({
      label: `engine, template ${id} x${TEMPLATE_SCALE}`,
      work: (seed: number) => generateAll(planOf(expandTemplate(id, TEMPLATE_SCALE), seed)),
    })),
  ];
  // Warm up, then interleave rounds so machine noise hits every scenario alike.
  for (const s of scenarios) s.work(1);
  const rates = scenarios.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    scenarios.forEach((s, i) => rates[i]?.push(rate(() => s.work(100 + round))));
  }
  const medians = rates.map(median);
  const baseline = medians[0] as number;
  const lines = scenarios.map((s, i) => {
    const r = medians[i] as number;
    const ratio = i === 0 ? '' : `  ${(r / baseline).toFixed(1)}x faker`;
    return `${s.label.padEnd(36)} ${fmt(r)} rows/s${ratio}`;
  });
  const at = (label: string) => rates[scenarios.findIndex((s) => s.label.startsWith(label))] ?? [];
  // Round by round (same machine state), the template with totals against the one without.
  const withTotals = at('engine, template ecommerce');
  const without = at('engine, ecommerce');
  const ratios = withTotals.map((r, k) => r / (without[k] as number)).sort((a, b) => a - b);
  lines.push(
    `ecommerce with totals / without      ${median(ratios).toFixed(2)} (rounds ${ratios[0]?.toFixed(2)}–${ratios.at(-1)?.toFixed(2)})`,
  );
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of run()) console.log(line);
}
