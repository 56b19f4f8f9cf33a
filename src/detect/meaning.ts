/**
 * Free-text columns get text by meaning (docs/realism.md): a column named for a note, a reason, a
 * diagnosis... gets that meaning's type, and a text column of unknown meaning `domain_text`, each
 * with the `domain` of its table, so a vet visit's diagnosis reads as a vet's and a ticket's notes as
 * support's. The domain is the knowledge base's for the entity the table names; a table the base
 * does not know takes the schema's most common domain. Only plain text types without params are
 * changed: a type or a param someone chose is theirs.
 */
import type { Meaning } from '../../workers/engine/types/meaning-text.js';
import { TEXT_DOMAINS } from '../../workers/engine/types/meaning-text.js';
import { knownEntitiesAmong } from '../prompt/knowledge.js';
import { singular } from '../prompt/text.js';
import type { DetectedField } from './model.js';
import { snakeCase } from './naming.js';

/** The types that say no more than "some text". */
export const PLAIN_TEXT: ReadonlySet<string> = new Set(['sentence', 'paragraph', 'text', 'words']);

/** Column names (snake case, lower) to meanings; the first match wins. */
const NAMES: readonly (readonly [RegExp, Meaning])[] = [
  [/^(diagnosis|diagnoses|\w+_diagnosis)$/, 'diagnosis'],
  [/^(symptoms?|presenting_complaint|chief_complaint|presenting_symptoms?)$/, 'symptom'],
  [/^(treatments?|treatment_plan|\w+_treatment)$/, 'treatment'],
  [/^(notes?|remarks?|\w+_notes?)$/, 'note'],
  [/^(comments?|\w+_comments?)$/, 'comment'],
  [/^(reason|reasons|\w+_reason|reason_for_\w+)$/, 'reason'],
  [/^(summary|\w+_summary|abstract|synopsis)$/, 'summary'],
  [/^(feedback|\w+_feedback)$/, 'feedback'],
  [/^(instructions?|\w+_instructions?|directions)$/, 'instructions'],
  [/^(description|desc|\w+_description)$/, 'description'],
  [/^(subject|headline|summary_line)$/, 'headline'],
  // Not `text`, `body` or `content`: a table's text is mostly what its author wrote (a tweet, an answer).
  [/^(details?|info|information|additional_info|extra_info|additional_details)$/, 'neutral'],
];

/** Meanings whose register belongs to one kind of domain. */
const CLINICAL: ReadonlySet<Meaning> = new Set(['diagnosis', 'symptom', 'treatment']);

/** A `title` reads as a headline in these domains (a ticket's, a task's); elsewhere it stays. */
const HEADLINE_TITLES = new Set(['saas', 'support', 'education', 'events', 'government', 'legal', 'science']);

/** The meaning a column name (snake case) gives. */
const meaningOf = (key: string): Meaning | undefined => NAMES.find(([pattern]) => pattern.test(key))?.[1];

/** Entities whose text is a narrower domain's than the base's (hiring, within hr). */
const ENTITY_DOMAINS: Readonly<Record<string, string>> = {
  job_posting: 'recruiting',
  candidate: 'recruiting',
  application: 'recruiting',
  interview: 'recruiting',
  job_offer: 'recruiting',
};

/** Each table's text domain, by table name (a domain with banks, or `general`). */
export function tableDomains(names: readonly string[]): Map<string, string> {
  const keys = names.map((name) => (typeof name === 'string' ? singular(snakeCase(name)) : ''));
  const entities = knownEntitiesAmong(keys);
  const own = keys.map((key) => {
    const entity = entities.get(key);
    return entity === undefined ? undefined : (ENTITY_DOMAINS[entity.key] ?? entity.domain);
  });
  const counts = new Map<string, number>();
  for (const domain of own) if (domain !== undefined) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  let common: string | undefined;
  for (const [domain, count] of counts)
    if (common === undefined || count > counts.get(common)!) common = domain;
  // A clinic whose patients are animals: its clinical tables are a vet's.
  const animals = counts.has('veterinary');
  return new Map(
    names.map((name, i) => {
      let domain = own[i] ?? common ?? 'general';
      if (animals && domain === 'health') domain = 'veterinary';
      return [name, TEXT_DOMAINS.includes(domain) ? domain : 'general'];
    }),
  );
}

/** In a table of articles (one with an article `title`), its teaser and its text. */
const ARTICLE_TEASER = /^(excerpt|teaser|summary|abstract|description|intro|lede|snippet|preview)$/;
/** Tables of articles, by their singular name: a blog's posts, a magazine's articles. */
const ARTICLE_TABLES =
  /^(post|blog_post|article|blog_article|news_article|news_item|story|blog_entry|entry)$/;
const ARTICLE_TEXT = /^(body|content|text|article|article_body|post_body)$/;

/** The field with the meaning type its name gives, in `domain`, or the field as it is. */
function withMeaning<F extends DetectedField>(field: F, domain: string, articles: boolean): F {
  if (field.unique || (field.params !== undefined && Object.keys(field.params).length > 0)) return field;
  // A vet's specialty is a vet's: no obstetrics at the animal clinic.
  if (field.type === 'medical_specialty' && domain === 'veterinary')
    return { ...field, params: { domain: 'veterinary' } };
  // A prompt may leave a field unnamed (compile refuses it later): no name, no meaning.
  if (typeof field.name !== 'string') return field;
  const key = snakeCase(field.name);
  const plain = PLAIN_TEXT.has(field.type);
  if (articles && plain) {
    // Detection's links then make them read the title (`by`).
    if (ARTICLE_TEASER.test(key)) return { ...field, type: 'article_excerpt' };
    if (ARTICLE_TEXT.test(key)) return { ...field, type: 'article_body' };
  }
  const title =
    field.type === 'title' && /^(title|subject|headline)$/.test(key) && HEADLINE_TITLES.has(domain);
  if (!plain && !title) return field;
  const meaning = title ? 'headline' : meaningOf(key);
  if (meaning === undefined) return field;
  if (CLINICAL.has(meaning) && domain !== 'health' && domain !== 'veterinary') return field;
  const type = meaning === 'neutral' ? 'domain_text' : meaning;
  // Only a one-line type becomes a remark.
  if (meaning === 'neutral' && field.type !== 'sentence') return field;
  return { ...field, type, params: { domain } };
}

/** The tables with their free-text fields given text by meaning (copies; the given ones are unchanged). */
export function meaningFields<T extends { name: string; fields: readonly DetectedField[] }>(
  tables: readonly T[],
): T[] {
  const domains = tableDomains(tables.map((t) => t.name));
  return tables.map((table) => {
    const domain = domains.get(table.name)!;
    const articles =
      ARTICLE_TABLES.test(singular(snakeCase(table.name))) && table.fields.some((f) => f.type === 'title');
    return { ...table, fields: table.fields.map((f) => withMeaning(f, domain, articles)) };
  });
}
