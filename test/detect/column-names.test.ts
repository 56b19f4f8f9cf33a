/**
 * Column names → types (test/fixtures/column-names.json, a training set; see column-names.md): the
 * share of names the naming module types acceptably, as prompt mode types a named column and as schema
 * detection types a column of unknown storage. Floors sit under the measured shares and only rise.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { typeFromName } from '../../src/detect/naming.js';
import { typeFor } from '../../src/prompt/fields.js';
import { knownColumn } from '../../src/prompt/knowledge.js';
import { singular } from '../../src/prompt/text.js';

interface Entry {
  name: string;
  table: string;
  types: string[];
}

const entries = JSON.parse(
  readFileSync(new URL('../fixtures/column-names.json', import.meta.url), 'utf8'),
) as Entry[];

const PROMPT_FLOOR = 0.89;
const DETECT_FLOOR = 0.78;

t.test('column names are typed as a careful engineer would', async (t) => {
  t.ok(entries.length >= 700, `${entries.length} names`);
  const promptType = (e: Entry) =>
    knownColumn(singular(e.table), { name: e.name, ...typeFor(e.name, e.table) }).type;
  const prompt = entries.filter((e) => e.types.includes(promptType(e)));
  const detect = entries.filter((e) =>
    e.types.includes(typeFromName(e.name, 'any', e.table)?.type ?? 'words'),
  );
  const share = (n: number) => n / entries.length;
  t.comment(
    `prompt typing: ${prompt.length}/${entries.length}; detection: ${detect.length}/${entries.length}`,
  );
  t.ok(
    share(prompt.length) >= PROMPT_FLOOR,
    `prompt typing ≥ ${PROMPT_FLOOR} (got ${share(prompt.length).toFixed(3)})`,
  );
  t.ok(
    share(detect.length) >= DETECT_FLOOR,
    `detection ≥ ${DETECT_FLOOR} (got ${share(detect.length).toFixed(3)})`,
  );
});
