/**
 * The prompt as words with their part of speech and lemma (singular form of nouns), from wink-nlp's
 * English model: tokenising, tagging and lemmatising are the library's, not patterns of ours. The
 * model loads once, when this module is first imported (about 0.1 s); a prompt then reads in well under
 * a millisecond.
 */
import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { isPlural, remembered, singular } from './text.js';

const nlp = winkNLP(model);
const its = nlp.its;
// wink-nlp's typings give `its.lemma` a signature its own `out()` does not accept; it works as documented.
const lemma = its.lemma as unknown as ItsFunction<string>;

/** One token of a prompt: its text, lemma, universal POS tag and where it is in the text. */
export interface Word {
  text: string;
  lemma: string;
  /** Universal POS tag: NOUN, PROPN, ADJ, VERB, ADP, DET, NUM, CCONJ, PUNCT, … */
  pos: string;
  at: number;
  end: number;
}

/** The words of `text` (already normalized: lower case, numbers as digits). */
export function readWords(text: string): Word[] {
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const lemmas = tokens.out(lemma) as string[];
  const tags = tokens.out(its.pos) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const words: Word[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += spaces[i]!.length;
    const value = values[i]!;
    // The text is searched rather than summed: the tokenizer may drop characters it reads as noise.
    const found = text.indexOf(value, at);
    if (found >= 0) at = found;
    words.push({ text: value, lemma: lemmas[i] ?? value, pos: tags[i] ?? 'X', at, end: at + value.length });
    at += value.length;
  }
  return retagClauseVerbs(retagListedNouns(joinSnakeCase(words)));
}

/**
 * The tokenizer splits `user_roles` and `departed_ts` at the underscore; a name written so is one noun,
 * whose lemma singularizes its last part (`user_role`).
 */
function joinSnakeCase(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last?.text === '_' && out.length >= 2 && out.at(-2)!.end === last.at && last.end === word.at) {
      out.pop();
      const first = out.pop()!;
      const text = `${first.text}_${word.text}`;
      // "departed_ts", "ms_played": only a plural noun at the end makes the name a plural.
      // After an underscore the model may tag "stats" as a verb; a word in -s that reads as a plural
      // (pluralize) is one too.
      const plural =
        word.text.length > 2 &&
        ((word.pos === 'NOUN' && word.lemma !== word.text) || (/s$/.test(word.text) && isPlural(word.text)));
      const one = word.lemma !== word.text ? word.lemma : singular(word.text);
      const lemma = plural ? `${first.text}_${one}` : text;
      out.push({ text, lemma, pos: 'NOUN', at: first.at, end: word.end });
      continue;
    }
    out.push(word);
  }
  return out;
}

/**
 * Whether the model can read `word` as a verb at all: it is asked in a frame where only a verb fits
 * ("we … it"). Nouns that are never verbs ("status", "customer", "hour") fail; the answers are kept
 * (bounded: the words come from users).
 */
const canBeVerb = remembered(
  (word) => (nlp.readDoc(`we ${word} it`).tokens().out(its.pos) as string[])[1] === 'VERB',
);

/** Words that start a clause: its subject comes right after them. */
const CLAUSE_OPENERS = new Set([
  '.',
  ';',
  ':',
  '?',
  '!',
  ',',
  '-',
  'and',
  'the',
  'our',
  'all',
  'then',
  'also',
]);
/** Words that start what a verb does something to: an article, a possessive, a count. */
const OBJECT_OPENERS = new Set([
  'a',
  'an',
  'the',
  'each',
  'every',
  'one',
  'their',
  'its',
  'his',
  'her',
  'another',
]);

/**
 * The tagger reads the verb of a clause whose subject is a plural as a noun ("tutors charge an hourly
 * rate", "parents book lessons with a tutor", "users report posts"): a word that can be a verb, right
 * after a plural noun that opens its clause and right before an article or a plural, is that verb.
 */
function retagClauseVerbs(words: Word[]): Word[] {
  // "members record runs with …": the tagger swaps the verb and its plural object.
  const swapped = words.map((word, i) => {
    const prev = words[i - 1];
    const next = words[i + 1];
    if (
      word.pos === 'VERB' &&
      /[^s]s$/.test(word.text) &&
      isPlural(word.text) &&
      prev !== undefined &&
      (prev.pos === 'NOUN' || prev.pos === 'ADJ') &&
      prev.lemma === prev.text &&
      !isPlural(prev.text) &&
      isPluralNoun(words[i - 2] ?? prev) &&
      (next === undefined || next.pos === 'ADP' || next.pos === 'PUNCT' || next.pos === 'CCONJ') &&
      canBeVerb(prev.text)
    )
      return { ...word, pos: 'NOUN', lemma: singular(word.text) };
    return word;
  });
  return swapped.map((word, i) => {
    if ((word.pos !== 'NOUN' && word.pos !== 'ADJ') || word.lemma !== word.text || isPlural(word.text))
      return word;
    const subject = swapped[i - 1];
    if (subject === undefined || !isPluralNoun(subject)) return word;
    // "damage claims belong …": one noun may stand before the subject's head.
    const before = swapped[i - 2];
    const opens = (w: Word | undefined) => w === undefined || CLAUSE_OPENERS.has(w.text);
    if (!(opens(before) || (before!.pos === 'NOUN' && opens(swapped[i - 3])))) return word;
    const after = swapped[i + 1];
    const object =
      after !== undefined &&
      (OBJECT_OPENERS.has(after.text) ||
        after.pos === 'NUM' ||
        (after.pos === 'NOUN' && isPlural(after.text) && after.lemma !== after.text));
    return object && canBeVerb(word.text) ? { ...word, pos: 'VERB' } : word;
  });
}

/** Words before which a third-person verb would have no subject: list joints and possessives. */
const LIST_OPENERS = new Set([',', 'and', '&', ':', ';', '(', 'their', 'its', 'his', 'her', 'plus']);
/** Words after which a listed thing ends: punctuation, joints, prepositions. */
const LIST_CLOSERS = new Set([
  ',',
  'and',
  '&',
  ';',
  '.',
  ':',
  '(',
  ')',
  'between',
  'to',
  'for',
  'of',
  'on',
  'with',
  'by',
  'from',
  'in',
  'per',
  'linking',
  'that',
  'which',
  'when',
  'whenever',
  'who',
]);

/**
 * The tagger reads a plural noun in a list as a verb ("tournaments and matches", "tickets, replies to
 * tickets"): a verb in -s with no subject before it (a list joint, a possessive, the start) and a list
 * joint or a preposition after it is the plural noun.
 */
function retagListedNouns(words: Word[]): Word[] {
  return words.map((word, i) => {
    // A noun the model does not know keeps itself as lemma ("webhooks", "signups"): its ending says it.
    if (
      (word.pos === 'NOUN' || word.pos === 'PROPN') &&
      word.lemma === word.text &&
      !word.text.includes('_') &&
      isPlural(word.text)
    )
      return { ...word, lemma: singular(word.text) };
    // "a potter books a kiln", "each member borrows one title": a word in -s between one row of a
    // table and another is the verb, not a plural noun.
    if (
      word.pos === 'NOUN' &&
      /[^s]s$/.test(word.text) &&
      /^(a|an|each|every|one)$/.test(words[i - 2]?.text ?? '') &&
      words[i - 1]?.pos === 'NOUN' &&
      !isPlural(words[i - 1]!.text) &&
      /^(a|an|one|the|exactly|at)$/.test(words[i + 1]?.text ?? '')
    )
      return { ...word, pos: 'VERB', lemma: singular(word.text) };
    if (word.pos !== 'VERB') return word;
    const before = words[i - 1];
    const after = words[i + 1];
    const opened = (k: number) => k < 0 || LIST_OPENERS.has(words[k]!.text) || words[k]!.pos === 'NUM';
    // "120 polling stations", "has service records": a verb before a noun, where a noun phrase
    // starts, is the noun's modifier.
    // ("lift passes (…)", read as two verbs: the second a plural that ends a list item.)
    const pluralAfter =
      after?.pos === 'VERB' &&
      /[^s]s$/.test(after.text) &&
      after.lemma !== after.text &&
      (words[i + 2] === undefined || LIST_CLOSERS.has(words[i + 2]!.text));
    if (
      (after?.pos === 'NOUN' || pluralAfter) &&
      !COMMANDS.test(word.text) &&
      // "give me leave requests": after the one a command is for, too.
      (opened(i - 1) || /^(has|have|had|with|me|us)$/.test(before?.text ?? ''))
    )
      return { ...word, pos: 'NOUN', lemma: word.text };
    // "turbine work orders", "facility repair tickets": a verb in its base form after a singular noun
    // and before a noun has no subject that agrees with it; it is part of the name.
    if (
      after?.pos === 'NOUN' &&
      before?.pos === 'NOUN' &&
      !isPlural(before.text) &&
      word.lemma === word.text &&
      !COMMANDS.test(word.text) &&
      (i < 2 || !/^(each|every|a|an|one|the)$/.test(words[i - 2]!.text))
    )
      return { ...word, pos: 'NOUN', lemma: word.text };
    if (!/[^s]s$/.test(word.text) || word.lemma === word.text) return word;
    const closed = after === undefined || LIST_CLOSERS.has(after.text);
    // "plus maintenance logs,": a plural after a modifier noun where a list item starts.
    // ("lift passes (…)": the tagger may read both words as verbs.)
    const modifier =
      before?.pos === 'NOUN' ||
      (before?.pos === 'VERB' && before.lemma === before.text && !COMMANDS.test(before.text));
    const compound = modifier && opened(i - 2);
    return (opened(i - 1) || compound) && closed ? { ...word, pos: 'NOUN' } : word;
  });
}

/** Verbs that ask for data rather than name it ("generate users", "make 120 …"). */
const COMMANDS =
  /^(generate|create|make|give|need|want|build|add|seed|mock|simulate|produce|list|show|track|store|record|log|get|fill|populate|insert|include|provide|prepare|write|use|send|book|sell|buy|review|rate|follow|like|join|own|manage|teach|run|visit|attend|order|place|pay|rent|lease|host|post|share|comment|vote|tie|link)$/;

/**
 * Whether word `k` is a dash set off by a space before it ("Listings - address, …"), not one inside a
 * word ("check-ins"). normalizeText writes every dash as "-".
 */
export function spacedDash(words: readonly Word[], k: number): boolean {
  return words[k]?.text === '-' && k > 0 && words[k]!.at > words[k - 1]!.end;
}

/** Whether a word is a noun in the plural: its lemma differs from it (`rooms` → `room`, `people` → `person`). */
export function isPluralNoun(word: Word): boolean {
  // The model's lemma alone misleads now and then ("dive" → "diva"): the word must read as a plural too.
  return (
    (word.pos === 'NOUN' || word.pos === 'PROPN') &&
    word.lemma !== word.text &&
    /[a-z]/.test(word.text) &&
    isPlural(word.text.split('_').pop()!)
  );
}
