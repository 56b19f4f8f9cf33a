/** Health types: medical specialties and allergies. */
import type { FieldType } from '../field-type.js';
import { listType } from './define.js';

export const HEALTH_TYPES: readonly FieldType[] = [
  listType('medical_specialty', 'health', 'Medical specialty.', [
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
  ]),
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
