/**
 * PostgreSQL plans an unnamed statement afresh every time it runs. The hot statements (those
 * compiled once by prepared-query.ts, and the hand-written ones of the repositories) get a name
 * here instead: each connection parses and plans a named statement once, then only binds and
 * runs it. Only SQL texts registered here are named, so generated SQL (IN lists of any length)
 * cannot fill a connection with statements it never runs again.
 */
const names = new Map<string, string>();

/** Marks a SQL text as hot: PostgreSQL connections prepare it once under a name. */
export function nameStatement(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `tandem_${names.size + 1}`);
}

/** The name a registered SQL text is prepared under, or undefined for any other statement. */
export function statementName(sqlText: string): string | undefined {
  return names.get(sqlText);
}
