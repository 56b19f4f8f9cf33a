/**
 * The state of one row being generated, which is also the CellContext handed to field generators:
 * its locale, its latent person and place (drawn once per row, lazily), and the values computed so far (fields
 * may read each other: after/before anchors, allow_self partners, composite keys).
 */
import type { CellContext, Person, Value } from './field-type.js';
import { rowMix } from './random.js';

/** What a RowState needs from its table. */
export interface RowSource {
  personOf(row: number, locale: string): Person;
  /** The uniform draw that selects the row's place (locales/places.ts). */
  placeOf(state: RowState): number;
}

export class RowState implements CellContext {
  locale = '';
  row = -1;
  /** rowMix(row): cell keys of this row are mix32(fieldKey ^ rowMix). */
  rowMix = 0;
  fieldName = '';
  /** Bumped per row; a field whose stamp equals it has its value in `values`. */
  epoch = 0;
  values: Value[] = [];
  readonly stamps: Int32Array;
  /** Epoch ms of date fields' values in this row (valid where msStamps equals epoch); for anchors. */
  readonly ms: Float64Array;
  readonly msStamps: Int32Array;
  /** Parent row chosen by each ref field of this row (-1: null). */
  readonly parentRows: Float64Array;
  readonly compositeStamps: Int32Array;
  /** Decoded member values (parent rows or nth indices) of each composite key. */
  readonly compositeValues: Float64Array[];
  /** The row's own locale; `locale` may be switched while a unique field draws in the request locale. */
  private rowLocale = '';
  private personStamp = 0;
  private personValue: Person | null = null;
  private placeStamp = 0;
  private placeValue = 0;

  constructor(
    private readonly source: RowSource,
    readonly count: number,
    fieldCount: number,
    compositeSizes: readonly number[],
  ) {
    this.stamps = new Int32Array(fieldCount);
    this.ms = new Float64Array(fieldCount);
    this.msStamps = new Int32Array(fieldCount);
    this.parentRows = new Float64Array(fieldCount);
    this.compositeStamps = new Int32Array(compositeSizes.length);
    this.compositeValues = compositeSizes.map((n) => new Float64Array(n));
  }

  /** Starts another row, writing its values into `values`. */
  begin(row: number, locale: string, values: Value[]): void {
    this.epoch++;
    this.row = row;
    this.rowMix = rowMix(row);
    this.locale = locale;
    this.rowLocale = locale;
    this.values = values;
  }

  /** Sets the row's locale once a field decided it (before any generator read the person). */
  setRowLocale(locale: string): void {
    this.locale = locale;
    this.rowLocale = locale;
  }

  person(): Person {
    if (this.personStamp !== this.epoch || this.personValue === null) {
      this.personValue = this.source.personOf(this.row, this.rowLocale);
      this.personStamp = this.epoch;
    }
    return this.personValue;
  }

  place(): number {
    if (this.placeStamp !== this.epoch) {
      this.placeValue = this.source.placeOf(this);
      this.placeStamp = this.epoch;
    }
    return this.placeValue;
  }
}
