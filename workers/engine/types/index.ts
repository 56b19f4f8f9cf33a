/**
 * The field-type catalogue: every type id of the MockHero-compatible list plus our additions, each
 * with its catalogue entry and generator. The engine core looks types up here.
 */
import type { Category, FieldType } from '../field-type.js';
import { ANIMAL_TYPES } from './animals.js';
import { ARTICLE_TYPES } from './articles.js';
import { COMMERCE_TYPES } from './commerce.js';
import { DATETIME_TYPES } from './datetime.js';
import { DERIVED_TYPES } from './derived.js';
import { alias } from './define.js';
import { FINANCIAL_TYPES } from './financial.js';
import { HEALTH_TYPES } from './health.js';
import { IDENTITY_TYPES } from './identity.js';
import { INTERNET_TYPES } from './internet.js';
import { LOCATION_TYPES } from './location.js';
import { MEANING_TEXT_TYPES } from './meaning-text.js';
import { PATTERN_TYPES } from './pattern.js';
import { registerCatalogue } from './registry.js';
import { SECURITY_TYPES } from './security.js';
import { SOCIAL_TYPES } from './social.js';
import { STRUCTURE_TYPES } from './structure.js';
import { suggestFrom } from './suggest.js';
import { TECHNICAL_TYPES } from './technical.js';
import { TESTING_TYPES } from './testing.js';
import { REVIEW_TYPES } from './reviews.js';
import { TEXT_TYPES } from './text.js';
import { WORK_TYPES } from './work.js';

export { makePerson } from './person.js';
export { REFERENCE_TIME } from './datetime.js';

/** Categories in catalogue order (the interface names identity, location and financial first). */
export const CATEGORY_ORDER: readonly Category[] = [
  'identity',
  'location',
  'financial',
  'commerce',
  'datetime',
  'internet',
  'technical',
  'text',
  'social',
  'work',
  'health',
  'security',
  'testing',
  'structure',
];

function build(): Map<string, FieldType> {
  const all = [
    ...IDENTITY_TYPES,
    ...LOCATION_TYPES,
    ...FINANCIAL_TYPES,
    ...COMMERCE_TYPES,
    ...DATETIME_TYPES,
    ...INTERNET_TYPES,
    ...TECHNICAL_TYPES,
    ...TEXT_TYPES,
    ...MEANING_TEXT_TYPES,
    ...ARTICLE_TYPES,
    ...PATTERN_TYPES,
    ...REVIEW_TYPES,
    ...SOCIAL_TYPES,
    ...WORK_TYPES,
    ...HEALTH_TYPES,
    ...ANIMAL_TYPES,
    ...SECURITY_TYPES,
    ...TESTING_TYPES,
    ...STRUCTURE_TYPES,
    ...DERIVED_TYPES,
  ];
  const map = new Map<string, FieldType>();
  for (const type of all) {
    if (map.has(type.id)) throw new Error(`duplicate field type ${type.id}`);
    map.set(type.id, type);
  }
  map.set('avatar', alias('avatar', map.get('avatar_url')!));
  // Catalogue order: by category, then as declared.
  const ordered = new Map<string, FieldType>();
  for (const category of CATEGORY_ORDER)
    for (const [id, type] of map) if (type.category === category) ordered.set(id, type);
  return ordered;
}

/** Every field type by id. */
export const FIELD_TYPES: ReadonlyMap<string, FieldType> = build();
registerCatalogue(FIELD_TYPES);

const IDS = [...FIELD_TYPES.keys()];

/** The closest known type id to an unknown one (`emial` → `email`, `int` → `integer`), if any. */
export function suggestType(unknown: string): string | undefined {
  return suggestFrom(unknown, IDS);
}
