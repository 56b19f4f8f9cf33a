import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { CATEGORY_ORDER, FIELD_TYPES } from '../../workers/engine/types/index.js';

const DOC = new URL('../../docs/field-types.md', import.meta.url);
const START = '<!-- generated: type table (npm test regenerates with UPDATE_DOCS=1) -->';
const END = '<!-- end of generated type table -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The catalogue as Markdown tables, one per category. */
function render(): string {
  const parts: string[] = [];
  for (const category of CATEGORY_ORDER) {
    parts.push(
      `### ${category}`,
      '',
      '| id | kind | params | description | example |',
      '|---|---|---|---|---|',
    );
    for (const [id, type] of FIELD_TYPES) {
      if (type.category !== category) continue;
      const params = Object.entries(type.params)
        .map(([name, text]) => `\`${name}\`: ${text}`)
        .join('<br>');
      const example = '`' + cell(JSON.stringify(type.example)).replace(/`/g, "'") + '`';
      parts.push(
        `| \`${id}\` | ${type.kind({})} | ${cell(params) || '—'} | ${cell(type.description)} | ${example} |`,
      );
    }
    parts.push('');
  }
  return parts.join('\n');
}

t.test('docs/field-types.md lists every type', async (t) => {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  t.ok(start >= 0 && end > start, 'markers present');
  const expected = `${START}\n\n${render()}\n${END}`;
  const actual = doc.slice(start, end + END.length);
  if (process.env['UPDATE_DOCS'] === '1' && actual !== expected) {
    writeFileSync(DOC, doc.slice(0, start) + expected + doc.slice(end + END.length));
    t.pass('regenerated');
    return;
  }
  t.equal(actual, expected, 'run UPDATE_DOCS=1 npx tap test/engine/types-docs.test.ts');
});
