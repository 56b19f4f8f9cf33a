/**
 * The knowledge base (src/prompt/knowledge.json): large enough to matter, and every entity's columns a
 * table the engine compiles, with its parents known.
 */
import t from 'tap';
import data from '../../src/prompt/knowledge.json' with { type: 'json' };
import { knowledgeSize, knownColumnType, knownEntity } from '../../src/prompt/knowledge.js';
import { compile } from '../../workers/engine/index.js';

const entities = data.entities as Record<string, { fields: object[]; parents: string[]; domain: string }>;

t.test('at least 150 entities across at least 15 domains', async (t) => {
  const size = knowledgeSize();
  t.ok(size.entities >= 150, `${size.entities} entities`);
  t.ok(size.domains >= 15, `${size.domains} domains`);
});

t.test("every entity's columns compile, and its parents are entities too", async (t) => {
  const failures: string[] = [];
  for (const [key, entity] of Object.entries(entities)) {
    const compiled = compile({
      tables: [{ name: key, count: 5, fields: entity.fields as never }],
      locale: 'en',
      seed: 1,
    });
    if (!compiled.ok) failures.push(`${key}: ${compiled.error.message}`);
    for (const parent of entity.parents)
      if (knownEntity(parent) === undefined) failures.push(`${key}: unknown parent ${parent}`);
  }
  t.same(failures, [], `${Object.keys(entities).length} entities`);
});

t.test('lookups: by key, alias, or the last word of a compound', async (t) => {
  t.equal(knownEntity('enrollment')?.key, 'enrollment');
  t.equal(knownEntity('support_ticket')?.key, 'ticket');
  t.equal(knownEntity('zzz_not_a_thing'), undefined);
});

t.test(
  "a column's type: the entity's own, else the name's most frequent type, never another entity's enum",
  async (t) => {
    t.equal(knownColumnType('ticket', 'status')?.type, 'enum', "a ticket's own status");
    const elsewhere = Object.values(entities).flatMap((e) => e.fields as { name: string; type: string }[]);
    const plain = elsewhere.find((f) => f.type !== 'enum' && !/^(id|name)$/.test(f.name))!;
    t.equal(
      knownColumnType('zzz_unknown', plain.name)?.type !== undefined,
      true,
      `${plain.name} is known anywhere`,
    );
    const enumOnly = elsewhere.find(
      (f) => f.type === 'enum' && !elsewhere.some((g) => g.name === f.name && g.type !== 'enum'),
    );
    if (enumOnly)
      t.equal(knownColumnType('zzz_unknown', enumOnly.name), undefined, `${enumOnly.name}: no borrowed enum`);
  },
);
