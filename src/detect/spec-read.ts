/**
 * Reading an OpenAPI document or a JSON Schema: YAML or JSON text (or an object already parsed) into
 * plain data, its kind and version, and local `$ref`s resolved by JSON pointer. Only refs inside the
 * document are followed: a server must make no network or file request from user input, so a ref to
 * another document is refused (400, with the pointer) rather than fetched. YAML aliases are capped
 * (no billion laughs) and nesting is bounded before anything walks the tree.
 */
import { parseDocument } from 'yaml';
import { DetectionError } from './model.js';

/** Schema objects as read: plain JSON data. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The most characters of spec text read (the HTTP body limit is smaller). */
export const SPEC_MAX_CHARS = 2_000_000;
/** The deepest nesting of a document. */
const MAX_DEPTH = 64;
/** YAML aliases: a document may reuse nodes, not multiply them. */
const MAX_ALIASES = 200;

/** A document that was read: its root, its kind and (for OpenAPI) its version. */
export interface SpecDocument {
  readonly root: JsonObject;
  readonly kind: 'openapi' | 'json_schema';
  /** `3.0`, `3.1`, `3.2`, or the JSON Schema draft (`draft-07`, `2020-12`, ...). */
  readonly version: string;
  /** The input's name in messages: `openapi` or `json_schema`. */
  readonly source: string;
}

/** Escapes one JSON pointer token. */
export function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `pointer` + one token. */
export function child(pointer: string, key: string | number): string {
  return `${pointer}/${pointerToken(key)}`;
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A detection error that names the JSON pointer of the problem. */
export function specError(source: string, pointer: string, message: string): DetectionError {
  return new DetectionError(`${source} at ${pointer === '' ? '/' : pointer}: ${message}`);
}

function checkDepth(root: unknown, source: string): void {
  const stack: [unknown, number][] = [[root, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > MAX_DEPTH) throw new DetectionError(`${source} nests more than ${MAX_DEPTH} levels deep.`);
    if (++nodes > 2_000_000) throw new DetectionError(`${source} holds too many nodes.`);
    for (const value of Object.values(node)) stack.push([value, depth + 1]);
  }
}

function parseText(text: string, source: string): unknown {
  if (text.length > SPEC_MAX_CHARS)
    throw new DetectionError(`${source} is ${text.length} characters; at most ${SPEC_MAX_CHARS} are read.`);
  // YAML 1.2 reads JSON too. Aliases are capped: each may not expand past the document's own size.
  const doc = parseDocument(text, { merge: true, prettyErrors: true });
  const error = doc.errors[0];
  if (error !== undefined) {
    const where = error.linePos?.[0];
    const at = where === undefined ? '' : ` (line ${where.line}, column ${where.col})`;
    throw new DetectionError(`${source} is not valid YAML or JSON${at}: ${error.message.split('\n')[0]}`);
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    throw new DetectionError(`${source} cannot be read: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Reads `input` (text or object) as the kind its field names. */
export function readSpec(input: unknown, source: 'openapi' | 'json_schema'): SpecDocument {
  const value = typeof input === 'string' ? parseText(input, source) : input;
  if (!isObject(value))
    throw new DetectionError(
      `${source} must be ${source === 'openapi' ? 'an OpenAPI document' : 'a JSON Schema'} (an object, or YAML or JSON text of one).`,
    );
  checkDepth(value, source);
  const root = value;
  if (source === 'openapi') {
    const version = root['openapi'];
    if (typeof version !== 'string') {
      const hint =
        typeof root['swagger'] === 'string' ? ' Swagger 2.0 is not read: convert it to OpenAPI 3 first.' : '';
      throw specError(
        source,
        '/openapi',
        `not an OpenAPI 3 document (no \`openapi\` version string).${hint}`,
      );
    }
    const match = /^3\.([0-2])(\.\d+)?(-.+)?$/.exec(version);
    if (match === null)
      throw specError(source, '/openapi', `OpenAPI ${version} is not read; 3.0, 3.1 and 3.2 are.`);
    return { root, kind: 'openapi', version: `3.${match[1]}`, source };
  }
  const declared = root['$schema'];
  let version = '2020-12';
  if (typeof declared === 'string') {
    const draft = /draft-0?(\d+)|(\d{4}-\d{2})/.exec(declared);
    if (draft === null) throw specError(source, '/$schema', `unknown JSON Schema dialect ${declared}.`);
    version = draft[1] !== undefined ? `draft-0${draft[1]}`.replace('draft-00', 'draft-0') : draft[2]!;
  }
  if (typeof root['openapi'] === 'string')
    throw specError(source, '/openapi', 'this is an OpenAPI document: send it as `openapi`.');
  const schemaWords = [
    'type',
    'properties',
    '$defs',
    'definitions',
    'allOf',
    'oneOf',
    'anyOf',
    '$ref',
    'items',
  ];
  if (!schemaWords.some((w) => w in root))
    throw specError(source, '', 'not a JSON Schema (no type, properties, $defs or definitions).');
  return { root, kind: 'json_schema', version, source };
}

/** Decodes a JSON pointer fragment (`#/a/b~1c`) into tokens. */
function tokens(fragment: string): string[] {
  const body = decodeURIComponent(fragment);
  if (body === '') return [];
  if (!body.startsWith('/')) throw new Error('not a pointer');
  return body
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Resolves local refs of one document; anchors (`#name`) are found by `$anchor`. */
export class RefResolver {
  private anchors: Map<string, string> | undefined;

  constructor(readonly doc: SpecDocument) {}

  /** The node at `pointer` (no leading `#`), or undefined. */
  at(pointer: string): Json | undefined {
    let node: Json | undefined = this.doc.root;
    for (const token of tokens(pointer)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = Array.isArray(node) ? node[Number(token)] : Object.hasOwn(node, token) ? node[token] : undefined;
      if (node === undefined) return undefined;
    }
    return node;
  }

  private anchor(name: string): string | undefined {
    if (this.anchors === undefined) {
      this.anchors = new Map();
      const stack: [Json, string][] = [[this.doc.root, '']];
      while (stack.length > 0) {
        const [node, pointer] = stack.pop()!;
        if (node === null || typeof node !== 'object') continue;
        if (!Array.isArray(node) && typeof node['$anchor'] === 'string')
          this.anchors.set(node['$anchor'], pointer);
        for (const [key, value] of Object.entries(node)) stack.push([value, child(pointer, key)]);
      }
    }
    return this.anchors.get(name);
  }

  /** The pointer a `$ref` at `where` names; a ref outside the document is refused. */
  target(ref: Json | undefined, where: string): string {
    const source = this.doc.source;
    if (typeof ref !== 'string') throw specError(source, where, '$ref must be a string.');
    const hash = ref.indexOf('#');
    const base = hash < 0 ? ref : ref.slice(0, hash);
    const rootId = this.doc.root['$id'];
    if (base !== '' && base !== rootId)
      throw specError(
        source,
        where,
        `$ref ${JSON.stringify(ref)} points outside the document; only local refs (#/...) are read, nothing is fetched.`,
      );
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    let pointer: string;
    try {
      pointer =
        fragment === '' || fragment.startsWith('/')
          ? tokens(fragment)
              .map(pointerToken)
              .map((t) => `/${t}`)
              .join('')
          : (this.anchor(decodeURIComponent(fragment)) ?? '\0');
    } catch {
      throw specError(source, where, `$ref ${JSON.stringify(ref)} is not a valid JSON pointer.`);
    }
    if (pointer === '\0' || this.at(pointer) === undefined)
      throw specError(
        source,
        where,
        `$ref ${JSON.stringify(ref)} does not resolve to anything in the document.`,
      );
    return pointer;
  }
}
