/**
 * Text by meaning: a note, a reason, a diagnosis... written in the register of the table's domain.
 * The phrases are data (vocabulary/texts.en.json, English only): per domain, a bank per meaning. A
 * meaning the domain has no bank for falls back to the general bank of that meaning, and then to the
 * domain's neutral sentences, so a value is never another domain's. A domain's `neutral` bank is what
 * `domain_text` (a text column of unknown meaning) draws from.
 *
 * An entry may hold the slots `{n}` (2–9) and `{nn}` (10–99); they are split once, so a draw is one
 * pick and, for the few entries with slots, one join.
 */
import type {
  FieldType,
  KeyedGenerator,
  ParamIssue,
  PreparedGenerator,
  RawParams,
  Rng,
  Value,
} from '../field-type.js';
import clinical from '../vocabulary/clinical-cases.en.json' with { type: 'json' };
import data from '../vocabulary/texts.en.json' with { type: 'json' };
import { animalOf } from './animals.js';
import { monthsOld } from './birth-age.js';
import { define } from './define.js';
import { check } from './params.js';
import { longestCost, QUOTE_BYTES } from '../size.js';

/** The meanings a bank can have; each but `neutral` is a type of its own. */
export const MEANINGS = [
  'neutral',
  'description',
  'note',
  'reason',
  'headline',
  'comment',
  'summary',
  'feedback',
  'instructions',
  'diagnosis',
  'symptom',
  'treatment',
] as const;
export type Meaning = (typeof MEANINGS)[number];

type Bank = Partial<Record<Meaning, readonly string[]>>;
const BANKS: Readonly<Record<string, Bank>> = data.domains;

/** The domains with banks, `general` first. */
export const TEXT_DOMAINS: readonly string[] = Object.keys(BANKS);

/** The domain a meaning uses when none is given: clinical text is health's, the rest general. */
const DEFAULT_DOMAIN: Partial<Record<Meaning, string>> = {
  diagnosis: 'health',
  symptom: 'health',
  treatment: 'health',
};

/** One entry, split at its slots: text, slot, text, ... (a plain entry is one string). */
type Entry = string | readonly string[];

const SLOT = /\{(n|nn)\}/g;

function split(entry: string): Entry {
  const parts = entry.split(SLOT);
  return parts.length === 1 ? entry : parts;
}

function fill(rng: Rng, parts: readonly string[]): string {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    out += String(parts[i] === 'n' ? rng.int(2, 9) : rng.int(10, 99)) + parts[i + 1]!;
  }
  return out;
}

/**
 * Clinical cases (vocabulary/clinical-cases.en.json): per domain, visits whose reason, symptom,
 * diagnosis and treatment agree. A clinical field that reads another (`by`) takes the same case; the
 * symptom, diagnosis and treatment banks of those domains are the cases' values.
 */
interface Case {
  readonly reason: string;
  readonly symptom: string;
  readonly diagnosis: string;
  readonly treatment: string;
  /** Veterinary cases: the species (animal catalogue names) the case can happen to. */
  readonly species?: readonly string[];
  /** Veterinary cases: the ages, in months at the visit, at which the case can happen. */
  readonly min_months?: number;
  readonly max_months?: number;
  /** What the visit costs, whole US dollars. */
  readonly cost: readonly number[];
}
type CaseMeaning = 'reason' | 'symptom' | 'diagnosis' | 'treatment';
const CASE_MEANINGS: readonly CaseMeaning[] = ['reason', 'symptom', 'diagnosis', 'treatment'];
const CASES: Readonly<Record<string, readonly Case[]>> = {
  health: clinical.health,
  veterinary: clinical.veterinary,
};

const isCaseMeaning = (meaning: Meaning): meaning is CaseMeaning =>
  (CASE_MEANINGS as readonly string[]).includes(meaning);

/** Per domain with cases, the cases each value of any of their fields belongs to. */
const CASE_INDEX = new Map(
  Object.entries(CASES).map(([domain, cases]) => {
    const index = new Map<string, Case[]>();
    for (const c of cases)
      for (const meaning of CASE_MEANINGS) {
        const list = index.get(c[meaning]) ?? [];
        if (!list.includes(c)) list.push(c);
        index.set(c[meaning], list);
      }
    return [domain, index];
  }),
);

/** Per domain with cases, the cases each species can have (a parrot has no cruciate ligament). */
const CASES_OF_SPECIES = new Map(
  Object.entries(CASES).map(([domain, cases]) => {
    const bySpecies = new Map<string, Case[]>();
    for (const c of cases)
      for (const species of c.species ?? []) bySpecies.set(species, [...(bySpecies.get(species) ?? []), c]);
    return [domain, bySpecies];
  }),
);

/** The cost band of the visit the first key that names a clinical case belongs to, in any domain. */
export function costOfCase(keys: readonly Value[]): readonly [number, number] | undefined {
  for (const key of keys) {
    if (typeof key !== 'string') continue;
    for (const index of CASE_INDEX.values()) {
      const cost = index.get(key)?.[0]?.cost;
      if (cost !== undefined) return [cost[0]!, cost[1]!];
    }
  }
  return undefined;
}

/** The entries of `meaning` in `domain` after the fallbacks, as written. */
function resolveBank(meaning: Meaning, domain: string): readonly string[] {
  const cases = CASES[domain];
  if (cases !== undefined && meaning !== 'reason' && isCaseMeaning(meaning))
    return [...new Set(cases.map((c) => c[meaning]))];
  const own = BANKS[domain] ?? BANKS['general']!;
  return own[meaning] ?? BANKS['general']![meaning] ?? own.neutral ?? BANKS['general']!.neutral!;
}

/** Each meaning's bank in each domain, and its entries split at their slots, resolved once. */
const resolved = new Map<string, { bank: readonly string[]; entries: readonly Entry[] }>();

function resolvedOf(
  meaning: Meaning,
  domain: string,
): { bank: readonly string[]; entries: readonly Entry[] } {
  const key = `${meaning} ${domain}`;
  let found = resolved.get(key);
  if (found === undefined) {
    const bank = resolveBank(meaning, domain);
    found = { bank, entries: bank.map(split) };
    resolved.set(key, found);
  }
  return found;
}

/** The entries of `meaning` in `domain` after the fallbacks, as written. */
export const bankOf = (meaning: Meaning, domain: string): readonly string[] =>
  resolvedOf(meaning, domain).bank;

/**
 * A clinical field that reads others: the case any key names (the first key that names one; a value
 * shared by several cases picks among them); else, when a key names an animal (the visit's pet's
 * species or breed, read through the ref), a case of that species, and of its age when keys give a
 * birth date (and the visit's date: else the age is on the reference date); else the plain draw.
 */
function keyedGenerator(meaning: Meaning, params: RawParams): KeyedGenerator {
  const plain = generator(meaning, params);
  const domain = domainOf(meaning, params);
  const index = CASE_INDEX.get(domain);
  const ofSpecies = CASES_OF_SPECIES.get(domain);
  if (index === undefined || ofSpecies === undefined || !isCaseMeaning(meaning))
    return (rng, ctx) => plain(rng, ctx);
  return (rng, ctx, keys: readonly Value[]) => {
    for (const key of keys) {
      const cases = typeof key === 'string' ? index.get(key) : undefined;
      if (cases !== undefined) return (cases.length === 1 ? cases[0]! : rng.pick(cases))[meaning];
    }
    const species = animalOf(keys)?.species.name ?? '';
    const cases = ofSpecies.get(species);
    if (cases === undefined) return plain(rng, ctx);
    const months = monthsOld(keys);
    const fit = months === undefined ? cases : casesAt(cases, Math.min(months, MAX_MONTHS));
    return rng.pick(fit.length > 0 ? fit : cases)[meaning];
  };
}

/** Ages are looked up by whole month up to 50 years, each month's cases filtered once. */
const MAX_MONTHS = 600;
/** Per list of a species' cases (of a domain), its cases by age in months. */
const AT_AGE = new WeakMap<readonly Case[], Map<number, readonly Case[]>>();

/** The cases among a species' `cases` possible at `months` old (a kitten has no kidney disease), cached. */
function casesAt(cases: readonly Case[], months: number): readonly Case[] {
  let byAge = AT_AGE.get(cases);
  if (byAge === undefined) AT_AGE.set(cases, (byAge = new Map()));
  let found = byAge.get(months);
  if (found === undefined) {
    found = cases.filter((c) => (c.min_months ?? 0) <= months && months <= (c.max_months ?? Infinity));
    // Younger than any case (a parrot at one month): the cases of the youngest animals.
    const youngest = Math.min(...cases.map((c) => c.min_months ?? 0));
    if (found.length === 0 && months < youngest)
      found = cases.filter((c) => (c.min_months ?? 0) === youngest);
    byAge.set(months, found);
  }
  return found;
}

const domainOf = (meaning: Meaning, params: RawParams): string =>
  typeof params['domain'] === 'string' ? params['domain'] : (DEFAULT_DOMAIN[meaning] ?? 'general');

const validateDomain = (params: RawParams): ParamIssue[] =>
  check(params, (c) => c.string('domain', { oneOf: TEXT_DOMAINS }));

function generator(meaning: Meaning, params: RawParams): PreparedGenerator {
  const { entries } = resolvedOf(meaning, domainOf(meaning, params));
  return (rng) => {
    const entry = rng.pick(entries);
    return typeof entry === 'string' ? entry : fill(rng, entry);
  };
}

/** A slot's text is shorter than the slot, so the longest entry bounds every value. */
const maxBytes = (meaning: Meaning) => (params: RawParams) =>
  longestCost(bankOf(meaning, domainOf(meaning, params))) + QUOTE_BYTES;

/** The same value for the n-th entry each time: slots take their smallest number. */
const nthOf = (meaning: Meaning) => (n: number, _ctx: unknown, params: RawParams) =>
  bankOf(meaning, domainOf(meaning, params))[n]!.replace(SLOT, (_, slot: string) =>
    slot === 'n' ? '2' : '10',
  );

const DOMAIN_PARAM = `one of ${TEXT_DOMAINS.join(', ')} (default general; health for clinical text)`;

function meaningType(id: string, meaning: Meaning, description: string, example: string): FieldType {
  return define({
    id,
    category: 'text',
    description:
      `${description} In the register of \`domain\` (English).` +
      (isCaseMeaning(meaning)
        ? " In health and veterinary, `by` names the row's reason, symptom, diagnosis or treatment field: the same clinical case; in veterinary, the animal's species or breed (`pet_id.species`), then its birth date and the visit's date: a case of that species at that age."
        : ''),
    params: { domain: DOMAIN_PARAM },
    example,
    validate: validateDomain,
    maxBytes: maxBytes(meaning),
    generate: (rng, ctx, params) => generator(meaning, params)(rng, ctx),
    prepare: (params) => generator(meaning, params),
    ...(isCaseMeaning(meaning) ? { prepareBy: (params: RawParams) => keyedGenerator(meaning, params) } : {}),
    cardinality: (params) => bankOf(meaning, domainOf(meaning, params)).length,
    nth: nthOf(meaning),
  });
}

export const MEANING_TEXT_TYPES: readonly FieldType[] = [
  meaningType(
    'domain_text',
    'neutral',
    'A plain sentence for a text column of unknown meaning.',
    'Stock levels are counted at the end of each shift.',
  ),
  meaningType(
    'description',
    'description',
    'A description of one record of the domain.',
    'Palletized freight, shrink-wrapped, two pallets.',
  ),
  meaningType('note', 'note', 'An internal note about a record.', 'Left voicemail; will try again tomorrow.'),
  meaningType(
    'reason',
    'reason',
    'The reason for a request, visit, change or cancellation.',
    'Moving to another city',
  ),
  meaningType(
    'headline',
    'headline',
    'A title or subject line of an item (a ticket, a task, a course).',
    'Password reset email never arrives',
  ),
  meaningType('comment', 'comment', 'A short comment left on a record.', 'Thanks, that fixed it.'),
  meaningType(
    'summary',
    'summary',
    'A one- or two-sentence summary of a record or event.',
    'Routine visit; no concerns raised.',
  ),
  meaningType(
    'feedback',
    'feedback',
    "Feedback on a person's work or on a service.",
    'Clear and well organized; cite your sources next time.',
  ),
  meaningType(
    'instructions',
    'instructions',
    'Instructions to follow (delivery, care, setup).',
    'Leave the parcel at the side door.',
  ),
  meaningType(
    'diagnosis',
    'diagnosis',
    'A clinical diagnosis as a clinician writes it.',
    'Otitis externa, left ear',
  ),
  meaningType('symptom', 'symptom', 'Presenting symptoms.', 'Vomiting and lethargy for two days'),
  meaningType(
    'treatment',
    'treatment',
    'The treatment given or prescribed.',
    'Ear cleaning and topical drops for ten days',
  ),
];
