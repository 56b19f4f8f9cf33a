/**
 * Animals (vocabulary/animals.en.json): species, each with breeds and a breed's adult weight (kg) and
 * lifespan (years). `animal_breed` by a species, `lifespan` and `weight` by a breed or a species, so a
 * row's animal holds together (a cat weighs 2.5–7 kg). Every species and breed name is a key of one
 * Map: a name read from the row (`by`) is one lookup.
 */
import type { FieldType, RawParams, Rng, Value } from '../field-type.js';
import data from '../vocabulary/animals.en.json' with { type: 'json' };
import { define } from './define.js';
import { check } from './params.js';
import { longestCost, QUOTE_BYTES } from '../size.js';

export interface Breed {
  readonly name: string;
  readonly weight: readonly [number, number];
  readonly lifespan: readonly [number, number];
}

export interface Species {
  readonly name: string;
  /** The age, in months, at which the species reaches its adult weight. */
  readonly adultMonths: number;
  readonly breeds: readonly Breed[];
}

/** What the row's keys name: a species, or a breed of it. */
export interface AnimalEntry {
  readonly species: Species;
  readonly breed?: Breed;
}

const pair = (v: readonly number[]) => [v[0] as number, v[1] as number] as const;

export const SPECIES: readonly Species[] = data.species.map((s) => ({
  name: s.name,
  adultMonths: s.adult_months,
  breeds: s.breeds.map((b) => ({
    name: b.name,
    weight: pair(b.weight_kg),
    lifespan: pair(b.lifespan_years),
  })),
}));

const SPECIES_NAMES = SPECIES.map((s) => s.name);
const KIND_NAMES: Readonly<Record<string, readonly string[]>> = {
  pet: data.species.filter((s) => s.kind === 'pet').map((s) => s.name),
  farm: data.species.filter((s) => s.kind === 'farm').map((s) => s.name),
};

/** The species names `kind` allows (every species without it). */
const speciesOfKind = (params: RawParams): readonly string[] =>
  typeof params['kind'] === 'string' ? (KIND_NAMES[params['kind']] ?? SPECIES_NAMES) : SPECIES_NAMES;

/** Other lower-case names of a species that a row may hold (a vet's `bird` is a pet parrot). */
const ALIASES = new Map(data.species.map((s) => [s.name, (s as { aliases?: string[] }).aliases ?? []]));

function buildIndex(): Map<string, AnimalEntry> {
  const index = new Map<string, AnimalEntry>();
  for (const species of SPECIES) {
    index.set(species.name, { species });
    index.set(species.name.toLowerCase(), { species });
    for (const alias of ALIASES.get(species.name) ?? []) index.set(alias, { species });
    for (const breed of species.breeds) index.set(breed.name, { species, breed });
  }
  return index;
}

const INDEX = buildIndex();

/** The most specific animal any of the row's keys names (a breed over a species), or undefined. */
export function animalOf(keys: readonly Value[]): AnimalEntry | undefined {
  let found: AnimalEntry | undefined;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (typeof key !== 'string') continue;
    const entry = INDEX.get(key);
    if (entry?.breed !== undefined) return entry;
    found ??= entry;
  }
  return found;
}

/** The entry's breed, drawn within its species (or any species) when it names none. */
export function breedOf(rng: Rng, entry: AnimalEntry | undefined): Breed {
  return entry?.breed ?? rng.pick((entry?.species ?? rng.pick(SPECIES)).breeds);
}

/**
 * The share of its adult weight an animal of `species` has at `months` old: a tenth at birth, rising
 * linearly to the whole at its adult age (a two-month-old kitten weighs about a kilogram). Unknown age:
 * adult.
 */
export function grownShare(species: Species, months: number | undefined): number {
  if (months === undefined || months >= species.adultMonths) return 1;
  return 0.1 + (0.9 * months) / species.adultMonths;
}

/**
 * A value on the grid of 1/100 in [lo, hi] × factor, inside `limits` (the field's own min/max) when
 * given; undefined when the two do not meet. A range between two grid points (a young budgerigar,
 * 0.021–0.028 kg) gives the grid point nearest its middle, 0.01 at least, if the limits allow it.
 */
export function hundredthsIn(
  rng: Rng,
  range: readonly [number, number],
  factor = 1,
  limits: readonly [number, number] = [0, Number.POSITIVE_INFINITY],
): number | undefined {
  const lo = Math.max(range[0] * factor, limits[0]);
  const hi = Math.min(range[1] * factor, limits[1]);
  if (lo > hi) return undefined;
  const first = Math.ceil(lo * 100 - 1e-9);
  const last = Math.floor(hi * 100 + 1e-9);
  if (first <= last) return rng.int(first, last) / 100;
  const near = Math.max(1, Math.round((lo + hi) * 50)) / 100;
  return near >= limits[0] && near <= limits[1] ? near : undefined;
}

const lifespanOf = (rng: Rng, breed: Breed) =>
  rng.int(Math.ceil(breed.lifespan[0]), Math.floor(breed.lifespan[1]));

export const ANIMAL_TYPES: readonly FieldType[] = [
  define({
    id: 'animal_species',
    category: 'health',
    description:
      'Species of a pet or farm animal (Dog, Cat, Horse, Cattle...); `kind` keeps to pets (Dog, Cat, Rabbit, Guinea Pig, Hamster, Parrot) or farm animals.',
    params: { kind: 'one of pet, farm (default: either)' },
    example: 'Dog',
    validate: (p) => check(p, (c) => c.string('kind', { oneOf: ['pet', 'farm'] })),
    maxBytes: longestCost(SPECIES_NAMES) + QUOTE_BYTES,
    generate: (rng, _, p) => rng.pick(speciesOfKind(p)),
    cardinality: (p) => speciesOfKind(p).length,
    nth: (n, _, p) => speciesOfKind(p)[n]!,
  }),
  define({
    id: 'animal_breed',
    category: 'health',
    description:
      'Breed of a pet or farm animal; `by` names the row’s species field (a breed of that species).',
    example: 'Labrador Retriever',
    maxBytes: longestCost(SPECIES.flatMap((s) => s.breeds.map((b) => b.name))) + QUOTE_BYTES,
    generate: (rng) => breedOf(rng, undefined).name,
    prepareBy: () => (rng, _, keys) => breedOf(rng, animalOf(keys)).name,
  }),
  define({
    id: 'lifespan',
    category: 'health',
    description:
      'Lifespan of an animal in whole years, in its breed’s range; `by` names the row’s breed or species field.',
    example: 12,
    kind: 'integer',
    generate: (rng) => lifespanOf(rng, breedOf(rng, undefined)),
    prepareBy: () => (rng, _, keys) => lifespanOf(rng, breedOf(rng, animalOf(keys))),
  }),
];
