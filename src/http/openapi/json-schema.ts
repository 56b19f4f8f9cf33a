/**
 * TypeBox schemas as plain JSON Schema for the OpenAPI 3.1 document, which takes JSON Schema
 * 2020-12 as is. TypeBox keeps its own metadata under symbol keys (Kind, Optional); JSON has no
 * symbols, so a copy through JSON drops them. Unions of string literals, TypeBox's way of writing an
 * enum, become `enum`, which documentation renderers show as a list of values.
 */
import type { TSchema } from '@sinclair/typebox';

/** A JSON Schema object as it appears in the document. */
export type JsonSchema = { [key: string]: unknown };

/** The JSON Schema of a TypeBox schema, without TypeBox's symbol keys, literal unions as `enum`. */
export function toJsonSchema(schema: TSchema): JsonSchema {
  return simplify(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

function simplify(node: JsonSchema): JsonSchema {
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value))
      node[key] = value.map((item: unknown) => (isObject(item) ? simplify(item) : item));
    else if (isObject(value) && key !== 'const' && key !== 'default' && key !== 'examples')
      node[key] = simplify(value);
  }
  const members = node['anyOf'];
  if (Array.isArray(members) && members.length > 0 && members.every(isStringConst)) {
    const { anyOf: _members, ...rest } = node;
    return { ...rest, type: 'string', enum: members.map((member) => member['const']) };
  }
  return node;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ const: 'x', type: 'string' }` and nothing else (a description would be lost in an enum). */
function isStringConst(member: unknown): member is { const: string } {
  return (
    isObject(member) &&
    typeof member['const'] === 'string' &&
    Object.keys(member).every((key) => key === 'const' || key === 'type')
  );
}
