/** What an encoder needs to know about the requested output. */
export const OUTPUT_FORMATS = ['json', 'csv', 'sql'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const SQL_DIALECTS = ['postgres', 'mysql', 'sqlite'] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];

/** The byte stream a chunk belongs to: `ndjson` is the raw one-record-a-line stream. */
export type Encoding = OutputFormat | 'ndjson';

export interface EncodeOptions {
  encoding: Encoding;
  dialect: SqlDialect;
  /** The chunk is embedded in a JSON string (csv and sql inside the JSON envelope). */
  jsonEscape: boolean;
}

/** Rows per multi-row INSERT. Batches align to absolute row indices, so chunking never shows. */
export const INSERT_BATCH = 500;
