/**
 * Queries built and compiled once per dialect and run many times with other values. Kysely builds and
 * compiles a query each time it runs; for the statements of every authenticated request (the key's
 * lookup, the request and record counters) that took more of the event loop's time than running them.
 *
 * `build` gets a placeholder for each named value: a string no query of ours contains. Compiling once
 * shows where the placeholders went among the parameters; each run sends the same SQL text with its
 * values in those places, and every other parameter as compiled. The SQL text depends only on the
 * dialect, so one compilation serves a dialect's databases and transactions alike.
 */
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.js';

const PLACEHOLDER = '\u0000mockhive placeholder ';

interface Compiled<Name> {
  sql: string;
  /** Per parameter: the name of the value to put there, or the compiled value itself. */
  parameters: ({ name: Name } | { value: unknown })[];
}

/**
 * A query of values `names`, built by `build` once per dialect; run it with `run(db, values)`, in a
 * database or a transaction. `build` must give the same query whatever the values are.
 */
export function reusableQuery<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Db, values: Readonly<Record<Name, never>>) => Compilable<Row>,
): (db: Db, values: Readonly<Record<Name, unknown>>) => Promise<QueryResult<Row>> {
  // By the dialect adapter's class: every database of a dialect compiles the same text.
  const byDialect = new WeakMap<object, Compiled<Name>>();
  const compileFor = (db: Db): Compiled<Name> => {
    const placeholders = Object.fromEntries(names.map((name) => [name, `${PLACEHOLDER}${name}`]));
    const query = build(db, placeholders as Record<Name, never>).compile();
    const parameters = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER)
        ? { name: value.slice(PLACEHOLDER.length) as Name }
        : { value },
    );
    for (const name of names) {
      if (!parameters.some((p) => 'name' in p && p.name === name)) {
        throw new Error(`reusableQuery: the value ${name} is not a parameter of ${query.sql}`);
      }
    }
    return { sql: query.sql, parameters };
  };
  return async (db, values) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (compiled === undefined) {
      compiled = compileFor(db);
      byDialect.set(dialect, compiled);
    }
    const parameters = compiled.parameters.map((p) => ('name' in p ? values[p.name] : p.value));
    return await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>);
  };
}
