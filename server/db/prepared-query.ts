import type { CompiledQuery, Compilable, Kysely } from "kysely";
import { nameStatement } from "./named-statements.js";

/**
 * A query built and compiled by Kysely once, then run with new values. Building and compiling
 * (visiting the operation tree, freezing nodes, parsing references) cost more than SQLite's own
 * work on the hot reads: the task a client opens, the caller's API token. The statement cache
 * (statement-cache.ts) then reuses the prepared statement, because the SQL text never changes.
 *
 * `build` receives placeholder strings for its arguments and must use each only as a bound value
 * (`where("id", "=", id)`), never inside `sql.lit`, an `in` list or a JavaScript decision: the
 * compiled SQL must not depend on the values. The first run checks that each placeholder became
 * a bound parameter (used once or more) and never SQL text, and throws otherwise. Arguments may be
 * of any type a column takes (a number, null): `build` only ever sees the placeholder strings.
 *
 * On PostgreSQL the SQL text is also a named statement (named-statements.ts): planned once per
 * connection.
 */
export function preparedQuery<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // One compiled form per SQL dialect (SQLite and PostgreSQL differ), keyed by the adapter's class
  // rather than the Kysely instance: each transaction is a Kysely instance of its own.
  const compiledFor = new WeakMap<object, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let prepared = compiledFor.get(dialect);
    if (prepared === undefined) {
      prepared = compile(db, build, args.length);
      compiledFor.set(dialect, prepared);
    }
    const { query, slots } = prepared;
    const parameters = query.parameters.map((constant, index) => {
      const slot = slots[index] ?? null;
      return slot === null ? constant : args[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

function compile<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  arity: number,
): { query: CompiledQuery<Row>; slots: (number | null)[] } {
  const placeholders = Array.from({ length: arity }, (_, index) => `\u0000prepared-query-argument-${index}\u0000`);
  const query = build(db, ...(placeholders as unknown as Args)).compile();
  const slots = query.parameters.map((value) => {
    const index = typeof value === "string" ? placeholders.indexOf(value) : -1;
    return index === -1 ? null : index;
  });
  placeholders.forEach((placeholder, index) => {
    const uses = slots.filter((slot) => slot === index).length;
    if (uses === 0 || query.sql.includes(placeholder)) {
      throw new Error(`preparedQuery: argument ${index} must be used as a bound value`);
    }
  });
  nameStatement(query.sql);
  return { query, slots };
}
