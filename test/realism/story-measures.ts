/**
 * Measures of whether a row's words agree with its numbers and names (test/realism/story.test.ts):
 * review text against its rating under the AFINN lexicon (the `sentiment` package), review titles
 * that read as article headlines, product descriptions that name their product.
 */
import Sentiment from 'sentiment';
import { compile, expandTemplate, generateRows, type Value } from '../../workers/engine/index.js';

const afinn = new Sentiment();

/** AFINN's score of a text: above 0 praise, below 0 complaint. */
export function afinnScore(text: string): number {
  return afinn.analyze(text).score;
}

/** The patterns of an article or blog headline, as opposed to a review's title. */
const HEADLINE =
  /^(how|why|what|when|where|\d+)\b|\b(guide|tips|lessons|ways|introduction|getting started|ultimate|truth about|what we learned|everything you need|matters)\b/i;

/** Whether a title reads as an article headline. */
export function isHeadline(title: string): boolean {
  return HEADLINE.test(title);
}

/** A template's table at scale 1, as objects by column name. */
export function templateRows(template: string, table: string, seed: number): Record<string, Value>[] {
  const result = compile({ seed, locale: 'en', tables: expandTemplate(template as 'ecommerce', 1) });
  if (!result.ok) throw new Error(result.error.message);
  const spec = result.plan.tables.find((t) => t.name === table);
  if (spec === undefined) throw new Error(`no table ${table}`);
  return generateRows(result.plan, table, 0, spec.count).map((row) =>
    Object.fromEntries(spec.fields.map((f, i) => [f.name, row[i] as Value])),
  );
}

export interface ReviewMeasures {
  /** Reviews that are not 3-star, and of those, how many have title + body agreeing with the rating. */
  polar: number;
  agreeing: number;
  titles: number;
  headlines: number;
}

/** Agreement of the ecommerce template's reviews with their ratings, on one seed. */
export function reviewMeasures(seed: number): ReviewMeasures {
  const m: ReviewMeasures = { polar: 0, agreeing: 0, titles: 0, headlines: 0 };
  for (const r of templateRows('ecommerce', 'reviews', seed)) {
    const title = String(r['title']);
    m.titles++;
    if (isHeadline(title)) m.headlines++;
    const rating = r['rating'] as number;
    if (rating === 3) continue;
    m.polar++;
    const score = afinnScore(`${title}. ${String(r['body'])}`);
    if (rating >= 4 ? score > 0 : score < 0) m.agreeing++;
  }
  return m;
}

/** Descriptions of the ecommerce template's products that name their product, on one seed. */
export function descriptionMeasures(seed: number): { products: number; naming: number } {
  let products = 0;
  let naming = 0;
  for (const p of templateRows('ecommerce', 'products', seed)) {
    products++;
    if (namesProduct(String(p['name']), String(p['description']))) naming++;
  }
  return { products, naming };
}

/** A description names its product when it holds the name's last word (the product noun), any case. */
export function namesProduct(name: string, description: string): boolean {
  const noun = name.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return noun !== '' && description.toLowerCase().includes(noun);
}
