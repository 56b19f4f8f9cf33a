/**
 * `email` with `by`: a work address at the domain the row reads (its organization's), made of the
 * person's name without digits; where the domain is null, the free-mail address it has without `by`.
 */
import t from 'tap';
import type { TableSpec } from '../../workers/engine/index.js';
import { planOf, recordsOf } from './engine-helpers.js';

const tables = (nullable: boolean): TableSpec[] => [
  {
    name: 'organizations',
    count: 20,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'name', type: 'company_name' },
      { name: 'domain', type: 'domain', params: { by: 'name', null_rate: 0.5 }, nullable },
    ],
  },
  {
    name: 'members',
    count: 300,
    fields: [
      { name: 'organization_id', type: 'ref', params: { table: 'organizations' } },
      { name: 'first_name', type: 'first_name' },
      { name: 'last_name', type: 'last_name' },
      { name: 'email', type: 'email', params: { by: 'organization_id.domain' } },
    ],
  },
];

t.test("a member's address is at the organization's domain, made of the name", async (t) => {
  const plan = planOf(tables(false), 5);
  const domains = new Map(recordsOf(plan, 'organizations').map((o) => [o['id'], o['domain']]));
  const wrong = recordsOf(plan, 'members').filter((m) => {
    const [local, at] = String(m['email']).split('@');
    const last = String(m['last_name'])
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    const named = local!.includes(last) || local!.endsWith('.' + last[0]);
    return at !== domains.get(m['organization_id']) || /\d/.test(local!) || !named;
  });
  t.same(wrong, []);
});

t.test('with no domain, a free-mail address', async (t) => {
  const plan = planOf(tables(true), 5);
  const domains = new Map(recordsOf(plan, 'organizations').map((o) => [o['id'], o['domain']]));
  const members = recordsOf(plan, 'members');
  const homeless = members.filter((m) => domains.get(m['organization_id']) === null);
  t.ok(homeless.length > 50);
  t.ok(
    homeless.every((m) => /@(gmail|yahoo|hotmail|outlook)\./.test(String(m['email']))),
    'free mail',
  );
});
