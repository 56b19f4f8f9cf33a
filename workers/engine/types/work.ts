/** Work types: companies, jobs, teams, HR vocabulary and education. */
import type { FieldType, RawParams, Rng, Value } from '../field-type.js';
import { localeData } from '../locales/index.js';
import { define, listType, localeListType } from './define.js';
import { fillDigits, pad } from './format.js';
import { jsonTextBytes, longestCost, QUOTE_BYTES, textCost } from '../size.js';
import { check, checkScalar, givenLimits, isScalar, num, SCALAR_PARAM, str } from './params.js';
import { integerKind } from './structure.js';
import { DEPARTMENT_NAMES, DEPARTMENTS, jobOf, LEVELS, positionOf, salaryOf } from './job-catalogue.js';

const SKILLS = [
  'JavaScript',
  'Python',
  'SQL',
  'Project Management',
  'Data Analysis',
  'Public Speaking',
  'Negotiation',
  'UX Design',
  'Machine Learning',
  'Copywriting',
  'Accounting',
  'Leadership',
  'Cloud Architecture',
  'Customer Service',
  'Excel',
  'Figma',
  'Kubernetes',
  'SEO',
];
const TEAM_ADJECTIVES = [
  'Blue',
  'Red',
  'Rapid',
  'Silent',
  'Golden',
  'Iron',
  'Bright',
  'Night',
  'North',
  'Swift',
];
const TEAM_NOUNS = [
  'Falcons',
  'Rockets',
  'Owls',
  'Wolves',
  'Pioneers',
  'Builders',
  'Rangers',
  'Comets',
  'Foxes',
  'Titans',
];
const DEGREES = [
  'High School Diploma',
  'Associate of Arts',
  'Bachelor of Arts',
  'Bachelor of Science',
  'Bachelor of Engineering',
  'Master of Science',
  'Master of Arts',
  'MBA',
  'PhD',
  'MD',
  'JD',
];
const UNIVERSITIES = [
  'Massachusetts Institute of Technology',
  'Stanford University',
  'University of Oxford',
  'University of Cambridge',
  'ETH Zürich',
  'Sorbonne Université',
  'Technische Universität München',
  'University of Tokyo',
  'Tsinghua University',
  'National University of Singapore',
  'University of Toronto',
  'Universidad de Buenos Aires',
  'Universidade de São Paulo',
  'Indian Institute of Technology Bombay',
  'Seoul National University',
  'University of Amsterdam',
  'Lund University',
  'University of Copenhagen',
  'University of Oslo',
  'Politecnico di Milano',
  'Universidad Complutense de Madrid',
  'University of Zagreb',
];

const SENIORITY = [
  'intern',
  'junior',
  'mid',
  'senior',
  'staff',
  'principal',
  'lead',
  'manager',
  'director',
  'vp',
  'c_level',
];
const TITLE_BYTES =
  longestCost(DEPARTMENTS.flatMap((d) => d.positions.flatMap((p) => p.titles))) + QUOTE_BYTES;

/** A whole multiple of 500 in [min, max] (default 30000–200000). */
function plainSalary(rng: Rng, _: unknown, p: RawParams): Value {
  const lo = Math.ceil(num(p, 'min', 30000) / 500);
  const hi = Math.floor(num(p, 'max', 200000) / 500);
  const amount = hi >= lo ? rng.int(lo, hi) * 500 : Math.round(num(p, 'min', 30000));
  return salaryValue(amount, p);
}

/** The hosted object {amount, currency, period}, or the bare amount with `scalar: true`. */
function salaryValue(amount: number, p: RawParams): Value {
  return isScalar(p)
    ? amount
    : { amount, currency: str(p, 'currency', 'USD'), period: str(p, 'period', 'annual') };
}

export const WORK_TYPES: readonly FieldType[] = [
  localeListType(
    'company_name',
    'work',
    "Company name in the locale's style (GmbH, S.A., 株式会社...).",
    'Schmidt & Weber GmbH',
    (l) => localeData(l).companies,
  ),
  define({
    id: 'job_title',
    category: 'work',
    description:
      'Job title of the jobs catalogue (English, docs/field-types.md): a department’s title at a seniority level, juniors more often than directors; `by` names the row’s department and/or seniority field.',
    example: 'Senior Software Engineer',
    maxBytes: TITLE_BYTES,
    generate: (rng) => positionOf(rng, undefined).title,
    prepareBy: () => (rng, _, keys) => positionOf(rng, jobOf(keys)).title,
  }),
  listType('department', 'work', 'Company department (the jobs catalogue’s).', DEPARTMENT_NAMES),
  define({
    id: 'employment_status',
    category: 'work',
    description: 'Employment status, mostly full-time.',
    example: 'full_time',
    generate: (rng) =>
      rng.pick([
        'full_time',
        'full_time',
        'full_time',
        'full_time',
        'part_time',
        'contractor',
        'intern',
        'on_leave',
        'terminated',
      ]),
  }),
  {
    ...listType(
      'seniority_level',
      'work',
      'Seniority level; `by` names the row’s job title (its level).',
      SENIORITY,
    ),
    prepareBy: () => (rng, _, keys) => {
      const level = jobOf(keys)?.level;
      return level === undefined ? rng.pick(SENIORITY) : (LEVELS[level] as string);
    },
  },
  listType('skill', 'work', 'Professional skill.', SKILLS),
  listType('leave_type', 'work', 'Type of leave.', [
    'vacation',
    'sick',
    'parental',
    'bereavement',
    'unpaid',
    'sabbatical',
    'jury_duty',
    'personal',
  ]),
  define({
    id: 'employee_id',
    category: 'work',
    description: 'Employee number PREFIX-000000 (prefix default EMP); unique columns count up.',
    params: { prefix: 'string of letters, digits, - or _, up to 20 (default EMP)' },
    example: 'EMP-004821',
    validate: (p) => check(p, (c) => c.string('prefix', { pattern: /^[A-Za-z0-9_-]{0,20}$/ })),
    generate: (rng, _, p) => str(p, 'prefix', 'EMP') + '-' + fillDigits(rng, '######'),
    cardinality: () => 1_000_000,
    nth: (n, _, p) => str(p, 'prefix', 'EMP') + '-' + pad(n, 6),
  }),
  define({
    id: 'salary',
    category: 'work',
    description:
      'Salary as {amount, currency, period}: the amount a whole multiple of 500 in [min, max] (default 30000–200000 USD a year); `by` names the row’s job title (or department and seniority): the amount is in that position’s band of the jobs catalogue (USD a year), inside `min`/`max` when given; `scalar: true` gives the bare amount.',
    params: {
      min: 'number (default 30000)',
      max: 'number (default 200000)',
      currency: 'string of 1–10 characters, copied into the object (default USD)',
      period: 'string of 1–20 characters, copied into the object (default annual)',
      scalar: SCALAR_PARAM,
    },
    example: { amount: 72500, currency: 'USD', period: 'annual' },
    kind: (p) => (isScalar(p) ? integerKind(num(p, 'min', 30000), num(p, 'max', 200000)) : 'json'),
    validate: (p) =>
      check(p, (c) => {
        c.ordered(
          'min',
          c.number('min', { min: 0, max: Number.MAX_SAFE_INTEGER }),
          'max',
          c.number('max', { min: 0, max: Number.MAX_SAFE_INTEGER }),
        );
        c.string('currency', { nonEmpty: true, maxLength: 10 });
        c.string('period', { nonEmpty: true, maxLength: 20 });
        checkScalar(c, ['currency', 'period']);
      }),
    maxBytes: (p) =>
      isScalar(p)
        ? 24
        : jsonTextBytes(60 + textCost(str(p, 'currency', 'USD')) + textCost(str(p, 'period', 'annual'))),
    generate: plainSalary,
    prepareBy: (p) => {
      const limits = givenLimits(p);
      return (rng, ctx, keys) => {
        const amount = salaryOf(rng, positionOf(rng, jobOf(keys)), limits);
        return amount === undefined ? plainSalary(rng, ctx, p) : salaryValue(amount, p);
      };
    },
  }),
  define({
    id: 'team_name',
    category: 'work',
    description: 'Team name such as "Blue Falcons".',
    example: 'Blue Falcons',
    generate: (rng) => rng.pick(TEAM_ADJECTIVES) + ' ' + rng.pick(TEAM_NOUNS),
  }),
  listType('degree', 'work', 'Academic degree.', DEGREES),
  listType('university_name', 'work', 'University name.', UNIVERSITIES),
];
