import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../server/db/schema.js";

/**
 * Arranges a shared group straight in the database, for tests of features that depend on
 * membership but are not about groups themselves.
 */
export async function createSharedGroup(
  db: Kysely<DB>,
  {
    ownerId,
    memberIds,
    type = "family",
    name = "Test family",
  }: {
    ownerId: string;
    memberIds: string[];
    type?: "family" | "team";
    name?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const base = Date.now();
  await db
    .insertInto("groups")
    .values({
      id,
      name,
      owner_id: ownerId,
      type,
      created_at: new Date(base).toISOString(),
      updated_at: new Date(base).toISOString(),
    })
    .execute();
  // Members join one second apart, in the order given, so "longest-standing" is well defined.
  const members = [ownerId, ...memberIds];
  await db
    .insertInto("group_members")
    .values(
      members.map((userId, index) => ({
        group_id: id,
        user_id: userId,
        role: index === 0 ? ("owner" as const) : ("member" as const),
        joined_at: new Date(base + index * 1000).toISOString(),
      })),
    )
    .execute();
  return id;
}
