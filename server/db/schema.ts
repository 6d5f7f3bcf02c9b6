/**
 * Table types for Kysely. Timestamps are ISO-8601 strings in both dialects (text in SQLite,
 * timestamptz in PostgreSQL read back as ISO strings), so repositories see one shape.
 */
export interface ClientErrorTable {
  id: string;
  message: string;
  stack: string | null;
  path: string;
  user_agent: string | null;
  created_at: string;
}

export interface DB {
  client_errors: ClientErrorTable;
}
