/**
 * Coordinate bounds: a bound the client gives holds in every locale, whatever the locale's box; a
 * one-sided bound inside the box keeps the other side of the box.
 */
import fc from 'fast-check';
import t from 'tap';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { coordinateRange } from '../../workers/engine/types/location.js';
import { column, planOf } from './engine-helpers.js';

const values = (type: string, params: Record<string, unknown>, locale: string, seed: number) =>
  column(
    planOf([{ name: 't', count: 40, fields: [{ name: 'c', type, params }] }], seed, locale),
    't',
    'c',
  ).map(Number);

t.test('latitude {min: 60} and longitude {max: -100} hold in en (the reported case)', async (t) => {
  const lat = values('latitude', { min: 60 }, 'en', 1);
  t.ok(
    lat.every((v) => v >= 60 && v <= 90),
    'latitude ≥ 60',
  );
  const lng = values('longitude', { max: -130 }, 'en', 1);
  t.ok(
    lng.every((v) => v >= -180 && v <= -130),
    'longitude ≤ -130, west of the box',
  );
  t.ok(
    values('longitude', { max: -100 }, 'en', 1).every((v) => v >= -124 && v <= -100),
    'inside the box',
  );
});

t.test('a one-sided bound meets the box where they overlap', async (t) => {
  t.same(coordinateRange('en', { min: 30 }, 0), [30, 49]);
  t.same(coordinateRange('en', { min: 10 }, 0), [25, 49]);
  t.same(coordinateRange('en', { max: 30 }, 0), [25, 30]);
  t.same(coordinateRange('en', { min: 60 }, 0), [60, 90]);
  t.same(coordinateRange('en', { max: 10 }, 0), [-90, 10]);
  t.same(coordinateRange('en', { max: -130 }, 2), [-180, -130]);
  t.same(coordinateRange('en', {}, 2), [-124, -67]);
  t.same(coordinateRange('xx', {}, 0), [25, 49], 'an unknown locale takes the en box');
  t.same(coordinateRange('de', { min: -5, max: 5 }, 0), [-5, 5], 'both bounds are taken as given');
});

t.test('any bound given holds, over bounds and locales', async (t) => {
  const axis = fc.constantFrom(['latitude', 90] as const, ['longitude', 180] as const);
  fc.assert(
    fc.property(
      axis.chain(([type, limit]) =>
        fc.record({
          type: fc.constant(type),
          locale: fc.constantFrom(...LOCALE_CODES),
          seed: fc.nat(1000),
          side: fc.constantFrom('min', 'max', 'both'),
          a: fc.double({ min: -limit, max: limit, noNaN: true }),
          b: fc.double({ min: -limit, max: limit, noNaN: true }),
        }),
      ),
      ({ type, locale, seed, side, a, b }) => {
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        const params = side === 'min' ? { min: a } : side === 'max' ? { max: a } : { min: lo, max: hi };
        const vs = values(type, params, locale, seed);
        if (side === 'min') return vs.every((v) => v >= a);
        if (side === 'max') return vs.every((v) => v <= a);
        return vs.every((v) => v >= lo && v <= hi);
      },
    ),
    { numRuns: 200 },
  );
  t.pass('200 cases');
});
