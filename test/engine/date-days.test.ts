/**
 * `date_future`/`date_past` with numeric `min`/`max` (the hosted templates' form): day counts from the
 * reference date, as `min_days`/`max_days`; ISO strings keep their meaning.
 */
import t from 'tap';
import { compile } from '../../workers/engine/index.js';
import { REFERENCE_TIME } from '../../workers/engine/types/index.js';
import { column, planOf } from './engine-helpers.js';

const DAY = 86_400_000;
const daysFromReference = (iso: unknown) => (Date.parse(`${String(iso)}T00:00:00Z`) - REFERENCE_TIME) / DAY;
const days = (type: string, params: Record<string, unknown>) =>
  column(planOf([{ name: 't', count: 300, fields: [{ name: 'd', type, params }] }]), 't', 'd').map(
    daysFromReference,
  );

t.test('date_future {min: 1, max: 30} lies 1–30 days after the reference date', async (t) => {
  const ds = days('date_future', { min: 1, max: 30 });
  t.ok(
    ds.every((d) => d >= 1 && d <= 30),
    'within 1–30 days ahead',
  );
  t.ok(ds.includes(1) && ds.includes(30), 'both ends reached');
});

t.test('date_past {min: 1, max: 30} lies 1–30 days before the reference date', async (t) => {
  const ds = days('date_past', { min: 1, max: 30 });
  t.ok(
    ds.every((d) => d <= -1 && d >= -30),
    'within 1–30 days back',
  );
  t.ok(ds.includes(-1) && ds.includes(-30), 'both ends reached');
});

t.test('numeric min/max read as min_days/max_days, one bound with the hosted default', async (t) => {
  const as = (params: Record<string, unknown>) =>
    column(
      planOf([{ name: 't', count: 50, fields: [{ name: 'd', type: 'date_future', params }] }]),
      't',
      'd',
    );
  t.same(as({ min: 5, max: 9 }), as({ min_days: 5, max_days: 9 }));
  t.same(as({ max: 9 }), as({ max_days: 9 }));
  t.ok(
    days('date_past', { min: 400 }).every((d) => d <= -400),
    'min alone: at least 400 days back',
  );
});

t.test('ISO dates keep their meaning', async (t) => {
  const ds = days('date_future', { min: '2026-03-01', max: '2026-03-31' });
  t.ok(ds.every((d) => d >= 59 && d <= 89));
});

t.test('bad day counts are refused on the key they concern', async (t) => {
  const issue = (params: Record<string, unknown>) => {
    const result = compile({
      tables: [{ name: 't', count: 1, fields: [{ name: 'd', type: 'date_future', params }] }],
      seed: 1,
      locale: 'en',
    });
    return result.ok ? undefined : result.error.details[0];
  };
  t.equal(issue({ min: 30, max: 1 })?.field, 'tables[0].fields[0].params.min');
  t.equal(issue({ min: 1.5 })?.field, 'tables[0].fields[0].params.min');
  t.equal(issue({ min: -1 })?.field, 'tables[0].fields[0].params.min');
  t.match(issue({ min: 1, max: '2026-05-01' })?.message, /day count like the other bound/);
  t.match(issue({ min: 1, max_days: 4 })?.message, /not both/);
  t.equal(issue({ min: 1, max: 30 }), undefined);
});
