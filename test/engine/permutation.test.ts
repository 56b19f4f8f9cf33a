import fc from 'fast-check';
import t from 'tap';
import { Permutation, permute } from '../../workers/engine/permutation.js';
import {
  allocateChildren,
  parentOfSlot,
  pickAvoiding,
  powerLawRank,
} from '../../workers/engine/relations.js';
import { CellRng } from '../../workers/engine/random.js';

t.test('Permutation is a bijection on [0, size)', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 0xffffffff }), (size, key) => {
      const perm = new Permutation(size, key);
      const seen = new Uint8Array(size);
      for (let i = 0; i < size; i++) {
        const v = perm.at(i);
        if (v < 0 || v >= size || seen[v] === 1) return false;
        seen[v] = 1;
      }
      return true;
    }),
    { numRuns: 60 },
  );
  t.end();
});

t.test('Permutation handles domains beyond 32 bits and depends on the key', (t) => {
  const size = 2 ** 40 + 7;
  const values = new Set<number>();
  for (let i = 0; i < 2000; i++) values.add(permute(i, size, 99));
  t.equal(values.size, 2000);
  t.ok([...values].every((v) => Number.isInteger(v) && v >= 0 && v < size));
  t.not(permute(5, 1000, 1), permute(5, 1000, 2));
  t.equal(permute(0, 1, 3), 0);
  t.end();
});

t.test('allocateChildren honours min, max and the total', (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 0, max: 4 }),
      fc.integer({ min: 0, max: 6 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.constantFrom(1, 2.5),
      (parents, min, extra, where, key, skew) => {
        const max = Math.max(1, min + extra);
        const children = parents * min + Math.round(where * parents * (max - min));
        const prefix = allocateChildren(parents, children, min, max, key, skew);
        if (prefix[parents] !== children) return false;
        for (let p = 0; p < parents; p++) {
          const k = (prefix[p + 1] as number) - (prefix[p] as number);
          if (k < min || k > max) return false;
        }
        for (let s = 0; s < children; s++) {
          const p = parentOfSlot(prefix, s);
          if (!((prefix[p] as number) <= s && s < (prefix[p + 1] as number))) return false;
        }
        return true;
      },
    ),
    { numRuns: 200 },
  );
  t.end();
});

t.test('powerLawRank stays in range and favours low ranks', (t) => {
  const counts = new Array(10).fill(0);
  const rng = new CellRng(7);
  for (let i = 0; i < 20000; i++) counts[powerLawRank(rng.float(), 10, 1.5)]++;
  t.ok(counts.every((c) => c > 0));
  t.ok(counts[0] > counts[5] && counts[5] >= counts[9] * 0.8);
  t.equal(powerLawRank(0, 5, 1), 0);
  t.equal(powerLawRank(0.999999, 5, 2), 4);
  t.end();
});

t.test('pickAvoiding never returns an excluded row', (t) => {
  const rng = new CellRng(1);
  const bad: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const excluded = [i % 5, (i * 7 + 3) % 5].filter((v, j, a) => a.indexOf(v) === j);
    const v = pickAvoiding(rng.reset(i), 5, excluded, excluded.length);
    if (v < 0 || v >= 5 || excluded.includes(v)) bad.push(i);
  }
  t.same(bad, []);
  t.end();
});
