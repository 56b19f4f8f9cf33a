/**
 * Late-bound access to the catalogue for composite types (`array`, `nullable`, `json`) whose inner
 * type can be any other type; index.ts fills it once, which avoids an import cycle.
 */
import type { FieldType } from '../field-type.js';

let catalogue: ReadonlyMap<string, FieldType> = new Map();

/** Called once by index.ts with the complete catalogue. */
export function registerCatalogue(types: ReadonlyMap<string, FieldType>): void {
  catalogue = types;
}

/** A type by id, if known. */
export function lookupType(id: string): FieldType | undefined {
  return catalogue.get(id);
}
