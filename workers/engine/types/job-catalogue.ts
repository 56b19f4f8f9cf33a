/**
 * The jobs catalogue (vocabulary/jobs.en.json) indexed for keyed draws: departments, each with job
 * titles and a salary band (USD a year) per seniority level. Every title, department and seniority
 * value is a key of one Map, so a title, department or level read from the row (`by`) is one lookup.
 */
import type { Rng, Value } from '../field-type.js';
import data from '../vocabulary/jobs.en.json' with { type: 'json' };

/** One seniority level of a department: its titles and salary band. */
export interface Position {
  readonly level: string;
  readonly titles: readonly string[];
  readonly salary: readonly [number, number];
}

export interface Department {
  readonly name: string;
  /** Positions in the order of LEVELS. */
  readonly positions: readonly Position[];
}

/** What the row's keys name: a department, a level (index into LEVELS), or both with a title. */
export interface JobEntry {
  readonly department?: Department;
  readonly level?: number;
  readonly title?: string;
}

/** The catalogue's levels, junior to director. */
export const LEVELS: readonly string[] = data.levels;

export const DEPARTMENTS: readonly Department[] = data.departments.map((d) => ({
  name: d.name,
  positions: LEVELS.map((level) => {
    const position = (d.levels as Record<string, { titles: string[]; salary: number[] } | undefined>)[level];
    if (position === undefined) throw new Error(`jobs data: ${d.name} has no ${level} level`);
    return {
      level,
      titles: position.titles,
      salary: [position.salary[0] as number, position.salary[1] as number] as const,
    };
  }),
}));

/** Per level, the ages (whole years) of the people who hold it: no lead at 22. */
export const LEVEL_AGES: readonly (readonly [number, number])[] = data.level_ages.map(
  (a) => [a[0] as number, a[1] as number] as const,
);

/** Department names in catalogue order (`department`'s values). */
export const DEPARTMENT_NAMES: readonly string[] = DEPARTMENTS.map((d) => d.name);

/** Level indices weighted as a company's headcount (many juniors and mids, few directors). */
const WEIGHTED_LEVELS: readonly number[] = data.level_weights.flatMap((w, i) =>
  Array.from({ length: w }, () => i),
);

function buildIndex(): Map<string, JobEntry> {
  const index = new Map<string, JobEntry>();
  for (const department of DEPARTMENTS) {
    index.set(department.name, { department });
    index.set(department.name.toLowerCase(), { department });
    department.positions.forEach((position, level) => {
      for (const title of position.titles) index.set(title, { department, level, title });
    });
  }
  for (const [alias, level] of Object.entries(data.level_aliases))
    if (!index.has(alias)) index.set(alias, { level: LEVELS.indexOf(level) });
  return index;
}

const INDEX = buildIndex();

/** What the row's keys name together: a title wins; else a department and a level from any keys. */
export function jobOf(keys: readonly Value[]): JobEntry | undefined {
  let department: Department | undefined;
  let level: number | undefined;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (typeof key !== 'string') continue;
    const entry = INDEX.get(key);
    if (entry === undefined) continue;
    if (entry.title !== undefined) return entry;
    department ??= entry.department;
    level ??= entry.level;
  }
  if (department === undefined && level === undefined) return undefined;
  return { ...(department ? { department } : {}), ...(level === undefined ? {} : { level }) };
}

/** A full position: what the entry leaves open is drawn (department uniformly, level weighted). */
export function positionOf(rng: Rng, entry: JobEntry | undefined): Required<JobEntry> {
  if (entry?.title !== undefined) return entry as Required<JobEntry>;
  const department = entry?.department ?? rng.pick(DEPARTMENTS);
  const level = entry?.level ?? rng.pick(WEIGHTED_LEVELS);
  const title = rng.pick((department.positions[level] as Position).titles);
  return { department, level, title };
}

/**
 * A salary in the position's band, inside `limits` (the field's own min/max) when given: a whole
 * multiple of 500 (USD a year); undefined when no such amount exists.
 */
export function salaryOf(
  rng: Rng,
  job: Required<JobEntry>,
  limits: readonly [number, number] = [0, Number.POSITIVE_INFINITY],
): number | undefined {
  const [lo, hi] = (job.department.positions[job.level] as Position).salary;
  const first = Math.ceil(Math.max(lo, limits[0]) / 500);
  const last = Math.floor(Math.min(hi, limits[1]) / 500);
  return first > last ? undefined : rng.int(first, last) * 500;
}
