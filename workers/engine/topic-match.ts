/**
 * A ref's `match`: in a junction whose unique key pairs a per_parent ref with this one (post_tags:
 * post_id, tag_id), each parent's children take first the partner rows whose value shares a topic
 * with the parent's (a post on public speaking gets `public-speaking`, `career`, `communication`),
 * and only once those run out the others. The siblings' offsets still index a permutation per parent
 * (of the fitting rows, then of the rest), so the pairs stay distinct and every value is a pure
 * function of the row. Topics are those of the blog vocabulary (`topicsOf`), one bit each.
 */
import type { RuntimeView } from './evaluator.js';
import type { Permutation } from './permutation.js';
import type { PlannedMatch } from './plan.js';
import { combine } from './random.js';
import { cachedAllocation } from './relations.js';
import { topicsOf } from './types/articles.js';

/** The partner rows split by one topic set: those that share a topic, and the rest, in row order. */
interface Split {
  readonly fit: Int32Array;
  readonly rest: Int32Array;
}

/** Salts the permutation of the rows that do not fit, apart from the one of the rows that do. */
const REST_SALT = 0x5e57;

export class TopicMatch {
  private readonly splits = new Map<number, Split>();
  private masks: Float64Array | undefined;

  constructor(
    private readonly match: PlannedMatch,
    private readonly head: RuntimeView,
    private readonly partner: RuntimeView,
  ) {}

  /**
   * The partner row of the `sibling`-th child of parent row `parent` (0 <= sibling < partner rows),
   * or -1 when the parent's value has no known topic (the caller's plain permutation then decides).
   */
  partnerOf(parent: number, sibling: number, key: number, perm: Permutation): number {
    const topics = topicsOf(this.head.valueAt(this.match.headField, parent));
    if (topics === 0) return -1;
    const { fit, rest } = this.split(topics);
    const k = combine(key, parent);
    if (sibling < fit.length) return fit[perm.reset(fit.length, k).at(sibling)] as number;
    return rest[perm.reset(rest.length, combine(k, REST_SALT)).at(sibling - fit.length)] as number;
  }

  private split(topics: number): Split {
    let found = this.splits.get(topics);
    if (found !== undefined) return found;
    const masks = this.partnerTopics();
    const fit: number[] = [];
    const rest: number[] = [];
    for (let r = 0; r < masks.length; r++) ((masks[r] as number) & topics ? fit : rest).push(r);
    found = { fit: Int32Array.from(fit), rest: Int32Array.from(rest) };
    this.splits.set(topics, found);
    return found;
  }

  /** Every partner row's topics, read once per plan and worker. */
  private partnerTopics(): Float64Array {
    this.masks ??= cachedAllocation(
      `${this.partner.plan.key}:${this.partner.table.name}:topics:${this.match.partnerField}`,
      () => {
        const { count } = this.partner.table;
        const out = new Float64Array(count);
        for (let r = 0; r < count; r++) out[r] = topicsOf(this.partner.valueAt(this.match.partnerField, r));
        return out;
      },
    );
    return this.masks;
  }
}
