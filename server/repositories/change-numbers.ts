/**
 * Each group's new task change number from a write, and, where the write's own statement read
 * them (PostgreSQL, task-writes-postgres.ts), the group's member ids: announcing the change then
 * needs no read after the commit.
 */
export class ChangeNumbers extends Map<string, number> {
  readonly members = new Map<string, readonly string[]>();
}
