/**
 * Real places per locale (city, region, postal codes, phone area code), built by
 * scripts/geo-places.ts from the sources named in each file and in docs/locales.md. A row draws one
 * uniform number (`CellContext.place()`, a row stream no field affects); city, region, postal code
 * and address of the row all read the place it selects, so they exist together. Locales without a
 * file keep faker's independent lists.
 */
import type { CellContext } from '../field-type.js';
import de from './places/de.json' with { type: 'json' };
import en from './places/en.json' with { type: 'json' };
import fr from './places/fr.json' with { type: 'json' };

/** The committed shape: [city, region index, weight, postal codes (space-separated), area code]. */
interface PlaceFile {
  readonly regions: readonly string[];
  readonly regionCodes: readonly string[];
  readonly regionAreas: readonly string[];
  readonly places: readonly (readonly [string, number, number, string, string])[];
}

export interface PlaceTable {
  readonly cities: readonly string[];
  /** Region name of each place. */
  readonly regions: readonly string[];
  /** Region abbreviation of each place (en: USPS code), or the name where the source has none. */
  readonly regionCodes: readonly string[];
  readonly codes: readonly (readonly string[])[];
  /** Phone area codes of each place: its own (de: the Vorwahl), else its region's (en), else none. */
  readonly areas: readonly (readonly string[])[];
  /** Cumulative weights: place i covers [ends[i-1], ends[i]) of [0, total). */
  readonly ends: Float64Array;
  readonly total: number;
}

const FILES: Readonly<Record<string, PlaceFile>> = {
  en: en as unknown as PlaceFile,
  de: de as unknown as PlaceFile,
  fr: fr as unknown as PlaceFile,
};

/** Locales whose city, region and postal code agree (a place table ships for them). */
export const PLACE_LOCALES: readonly string[] = Object.keys(FILES);

const tables = new Map<string, PlaceTable>();
/** One-entry cache: the locale repeats from cell to cell. */
let lastLocale = '';
let lastTable: PlaceTable | undefined;

const NONE: readonly string[] = [];

function compile(file: PlaceFile): PlaceTable {
  const regionAreas = file.regionAreas.map((a) => (a === '' ? NONE : a.split(' ')));
  const n = file.places.length;
  const ends = new Float64Array(n);
  let total = 0;
  file.places.forEach((p, i) => {
    total += p[2];
    ends[i] = total;
  });
  return {
    cities: file.places.map((p) => p[0]),
    regions: file.places.map((p) => file.regions[p[1]]!),
    regionCodes: file.places.map((p) => (file.regionCodes[p[1]] ?? file.regions[p[1]])!),
    codes: file.places.map((p) => p[3].split(' ')),
    areas: file.places.map((p) => (p[4] !== '' ? [p[4]] : (regionAreas[p[1]] ?? NONE))),
    ends,
    total,
  };
}

/** The place table of a locale, compiled once per thread, or undefined where none ships. */
export function placeTable(locale: string): PlaceTable | undefined {
  if (locale === lastLocale) return lastTable;
  let table = tables.get(locale);
  const file = FILES[locale];
  if (table === undefined && file !== undefined) {
    table = compile(file);
    tables.set(locale, table);
  }
  lastLocale = locale;
  lastTable = table;
  return table;
}

/** The place a uniform draw u ∈ [0, 1) selects, by weight: a binary search of the cumulative weights. */
export function placeAt(table: PlaceTable, u: number): number {
  const x = u * table.total;
  const ends = table.ends;
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A draw in the place that draw `u` selects, placed inside it by `own` ∈ [0, 1): a row in its parent's
 * city, at a postal code of its own. Locales without places keep `u`.
 */
export function withinPlace(locale: string, u: number, own: number): number {
  const table = placeTable(locale);
  if (table === undefined) return u;
  const place = placeAt(table, u);
  const start = place === 0 ? 0 : table.ends[place - 1]!;
  const end = table.ends[place]!;
  // Kept off both edges, so rounding cannot carry it into a neighbour.
  const inside = 1e-6 + own * (1 - 2e-6);
  return (start + inside * (end - start)) / table.total;
}

/** The postal code of the draw: where u falls inside its place's weight picks one of its codes. */
export function postcodeAt(table: PlaceTable, place: number, u: number): string {
  const codes = table.codes[place]!;
  if (codes.length === 1) return codes[0]!;
  const start = place === 0 ? 0 : table.ends[place - 1]!;
  const within = (u * table.total - start) / (table.ends[place]! - start);
  return codes[Math.min(codes.length - 1, Math.floor(within * codes.length))]!;
}

/** The phone area codes of the row's place (ctx.place() is read only where the locale ships places). */
export function rowAreaCodes(locale: string, ctx: CellContext): readonly string[] {
  const table = placeTable(locale);
  return table === undefined ? NONE : table.areas[placeAt(table, ctx.place())]!;
}
