/** Health types: medical specialties and allergies. */
import type { FieldType, RawParams } from '../field-type.js';
import { longestCost, QUOTE_BYTES } from '../size.js';
import { define, listType } from './define.js';
import { check } from './params.js';

const HUMAN = [
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Oncology',
  'Ophthalmology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Radiology',
  'Urology',
  'General Practice',
  'Anesthesiology',
  'Emergency Medicine',
  'Obstetrics and Gynecology',
];

/** The specialties of veterinary practice (board specialties and the services clinics advertise). */
const VETERINARY = [
  'General Practice',
  'Small Animal Surgery',
  'Emergency and Critical Care',
  'Internal Medicine',
  'Dentistry',
  'Dermatology',
  'Ophthalmology',
  'Cardiology',
  'Oncology',
  'Exotic Animal Medicine',
  'Behavior',
];

const specialties = (p: RawParams): readonly string[] => (p['domain'] === 'veterinary' ? VETERINARY : HUMAN);

export const HEALTH_TYPES: readonly FieldType[] = [
  define({
    id: 'medical_specialty',
    category: 'health',
    description:
      "Medical specialty; `domain: 'veterinary'` gives a veterinary practice's (Exotic Animal Medicine, Small Animal Surgery).",
    params: { domain: "'human' (default) or 'veterinary'" },
    example: 'Cardiology',
    validate: (p) => check(p, (c) => c.string('domain', { oneOf: ['human', 'veterinary'] })),
    maxBytes: longestCost([...HUMAN, ...VETERINARY]) + QUOTE_BYTES,
    generate: (rng, _, p) => rng.pick(specialties(p)),
    cardinality: (p) => specialties(p).length,
    nth: (n, _, p) => specialties(p)[n]!,
  }),
  listType('allergy', 'health', 'Common allergy.', [
    'peanuts',
    'tree nuts',
    'shellfish',
    'fish',
    'milk',
    'eggs',
    'wheat',
    'soy',
    'sesame',
    'pollen',
    'dust mites',
    'cat dander',
    'dog dander',
    'penicillin',
    'latex',
    'bee stings',
    'mold',
  ]),
];
