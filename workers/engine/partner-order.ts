/**
 * The partners a junction's siblings take first. In a unique key that pairs a per_parent ref with a
 * second ref (post_tags: post_id, tag_id; order_items: order_id, product_id), each parent's children
 * take first the partner rows that fit, and only once those run out the others:
 * - `where` on the second ref: the rows whose field has (or has not) one of some values (an order's
 *   items are of products still on sale);
 * - `match`: the rows whose value shares a topic with the parent's (a post on public speaking gets
 *   `public-speaking`, `career`, `communication`); topics are those of the blog vocabulary
 *   (`topicsOf`), one bit each.
 * The siblings' offsets still index a permutation per parent (of the fitting rows, then of the
 * rest), so the pairs stay distinct and every value is a pure function of the row.
 */
import type { RuntimeView } from './evaluator.js';
import type { Permutation } from './permutation.js';
import { parentCandidates } from './parent-candidates.js';
import type { PlannedCondition, PlannedMatch } from './plan.js';
import { combine } from './random.js';
import { cachedAllocation } from './relations.js';
import { topicsOf } from './types/articles.js';

/** The partner rows split by one topic set: those that fit, and the rest, in row order. */
interface Split {
  readonly fit: Int32Array;
  readonly rest: Int32Array;
}

/** Salts the permutation of the rows that do not fit, apart from the one of the rows that do. */
const REST_SALT = 0x5e57;

export class PartnerOrder {
  private readonly splits = new Map<number, Split>();
  private masks: Float64Array | undefined;
  private allowed: Uint8Array | undefined;

  constructor(
    private readonly match: PlannedMatch | null,
    private readonly where: PlannedCondition | null,
    private readonly head: RuntimeView,
    /** The partner table's runtime, and its index in the plan. */
    private readonly partner: RuntimeView,
    private readonly partnerTable: number,
  ) {}

  /**
   * The partner row of the `sibling`-th child of parent row `parent` (0 <= sibling < partner rows),
   * or -1 when nothing fits the parent better than another (a `match` alone, and the parent's value
   * of no known topic): the caller's plain permutation then decides.
   */
  partnerOf(parent: number, sibling: number, key: number, perm: Permutation): number {
    const topics = this.match === null ? 0 : topicsOf(this.head.valueAt(this.match.headField, parent));
    if (topics === 0 && this.where === null) return -1;
    const { fit, rest } = this.split(topics);
    const k = combine(key, parent);
    if (sibling < fit.length) return fit[perm.reset(fit.length, k).at(sibling)] as number;
    return rest[perm.reset(rest.length, combine(k, REST_SALT)).at(sibling - fit.length)] as number;
  }

  /** The rows that pass `where` and share one of `topics` (0: any topic), and the others. */
  private split(topics: number): Split {
    let found = this.splits.get(topics);
    if (found !== undefined) return found;
    const masks = topics === 0 ? undefined : this.partnerTopics();
    const allowed = this.where === null ? undefined : this.partnerAllowed();
    const fit: number[] = [];
    const rest: number[] = [];
    for (let r = 0; r < this.partner.table.count; r++) {
      const fits =
        (allowed === undefined || allowed[r] === 1) && (masks === undefined || (masks[r] as number) & topics);
      (fits ? fit : rest).push(r);
    }
    found = { fit: Int32Array.from(fit), rest: Int32Array.from(rest) };
    this.splits.set(topics, found);
    return found;
  }

  /** Every partner row's topics, read once per plan and worker. */
  private partnerTopics(): Float64Array {
    const field = (this.match as PlannedMatch).partnerField;
    this.masks ??= cachedAllocation(
      `${this.partner.plan.key}:${this.partner.table.name}:topics:${field}`,
      () => {
        const { count } = this.partner.table;
        const out = new Float64Array(count);
        for (let r = 0; r < count; r++) out[r] = topicsOf(this.partner.valueAt(field, r));
        return out;
      },
    );
    return this.masks;
  }

  /** Which partner rows pass `where` (1): the candidates a filtering ref to that table would draw from. */
  private partnerAllowed(): Uint8Array {
    if (this.allowed !== undefined) return this.allowed;
    const ref = { table: this.partnerTable, asOf: null, where: this.where };
    const candidates = parentCandidates(this.partner.plan.key, ref, this.partner);
    const n = candidates.length / 2;
    this.allowed = new Uint8Array(this.partner.table.count);
    for (let k = n; k < 2 * n; k++) this.allowed[candidates[k] as number] = 1;
    return this.allowed;
  }
}
