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
