/**
 * A small, load-time-only evaluator for faker's `{{section.key}}` patterns. It turns patterns into
 * plain arrays of finished strings once per locale, so generators only ever pick from arrays.
 */
import type { LocaleDefinition } from '@faker-js/faker';
import { CellRng } from '../random.js';

/** Looks a (snake_case) path up; returns the candidate strings or undefined when unknown. */
export type Resolver = (path: string) => readonly string[] | undefined;

const TOKEN = /\{\{(.+?)\}\}/g;
const NUMBER_INT = /^number\.int\((\{.*\})\)$/;

function snake(path: string): string {
  return path.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** All strings under a definition node: arrays as they are, sexed objects flattened. */
export function stringsOf(node: unknown): string[] | undefined {
  if (Array.isArray(node)) {
    const out = node.map((item) => (typeof item === 'string' ? item : (item as { value?: unknown })?.value));
    return out.filter((item): item is string => typeof item === 'string');
  }
  if (node && typeof node === 'object') {
    const out: string[] = [];
    for (const part of Object.values(node)) if (Array.isArray(part)) out.push(...stringsOf(part)!);
    return out.length > 0 ? out : undefined;
  }
  return undefined;
}

/** A resolver reading straight from a faker definition, with `overrides` consulted first. */
export function definitionResolver(
  def: LocaleDefinition,
  overrides: Record<string, readonly string[]>,
): Resolver {
  return (path) => {
    const override = overrides[path];
    if (override) return override;
    let node: unknown = def;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return stringsOf(node);
  };
}

function expandOne(pattern: string, resolve: Resolver, rng: CellRng, depth: number): string | undefined {
  let failed = false;
  const out = pattern.replace(TOKEN, (_, raw: string) => {
    const token = raw.trim();
    const numeric = NUMBER_INT.exec(token);
    if (numeric) {
      const { min = 0, max = 9 } = JSON.parse(numeric[1]!) as { min?: number; max?: number };
      return String(rng.int(min, max));
    }
    const options = resolve(snake(token));
    if (!options || options.length === 0 || depth > 3) {
      failed = true;
      return '';
    }
    const picked = rng.pick(options);
    return picked.includes('{{') ? (expandOne(picked, resolve, rng, depth + 1) ?? '') : picked;
  });
  return failed ? undefined : out;
}

/** Up to `size` distinct expansions of the patterns, drawn with a fixed-seed stream (deterministic). */
export function expandAll(
  patterns: readonly string[],
  resolve: Resolver,
  size: number,
  seed: number,
): string[] {
  const rng = new CellRng(seed);
  const seen = new Set<string>();
  if (patterns.length === 0) return [];
  for (let attempt = 0; attempt < size * 6 && seen.size < size; attempt++) {
    const value = expandOne(rng.pick(patterns), resolve, rng, 0);
    if (value && value.trim() !== '') seen.add(value.trim());
  }
  return [...seen];
}
