/**
 * The X-Meta-* headers of raw streams (the envelope's `meta`, known before the body) and the trailer
 * that carries the generation time: one list for the route that sets them, the CORS exposure and the
 * OpenAPI document.
 */
export const META_HEADERS = [
  'X-Meta-Tables',
  'X-Meta-Total-Records',
  'X-Meta-Records-Per-Table',
  'X-Meta-Locale',
  'X-Meta-Format',
  'X-Meta-Seed',
  'X-Meta-Engine-Version',
  'X-Meta-Sql-Dialect',
  'X-Meta-Warnings',
] as const;

export type MetaHeader = (typeof META_HEADERS)[number];

/** Sent as an HTTP trailer once the stream ends. */
export const META_TRAILER = 'X-Meta-Generation-Time-Ms';
