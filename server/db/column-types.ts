import { type Kysely, PostgresAdapter } from "kysely";

export type Dialect = "sqlite" | "postgres";

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column types that differ between the dialects; migrations use these so one file serves both. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  return {
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    binary: postgres ? ("bytea" as const) : ("blob" as const),
  };
}

/**
 * The columns of a change that are given: Kysely writes an undefined value as NULL, and a field
 * a caller left out is a column it does not touch.
 */
export function givenColumns<Columns extends object>(columns: Columns): Columns {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Columns;
}

/** A boolean field as its 0/1 column; undefined (a field not given) stays undefined. */
export function flagColumn(value: boolean | undefined): 0 | 1 | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}
