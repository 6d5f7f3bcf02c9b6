import type { Kysely, Selectable } from "kysely";
import type { DB, GroupTable } from "../db/schema.js";

export type GroupRow = Selectable<GroupTable>;

export interface OwnedGroupWithSuccessor {
  group: GroupRow;
  /** The longest-standing other member, who takes the group over; null when the owner is alone. */
  successor: { userId: string; displayName: string } | null;
}

export class GroupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The unique index on personal groups turns a racing second insert into a no-op. */
  async insertPersonalIfMissing(id: string, ownerId: string, name: string, now: string): Promise<GroupRow> {
    await this.db
      .insertInto("groups")
      .values({ id, name, owner_id: ownerId, type: "personal", created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const group = await this.findPersonal(ownerId);
    if (!group) throw new Error("personal group vanished right after it was saved");
    return group;
  }

  findPersonal(ownerId: string): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom("groups")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("type", "=", "personal")
      .executeTakeFirst();
  }

  async addMemberIfMissing(groupId: string, userId: string, role: "owner" | "member", now: string): Promise<void> {
    await this.db
      .insertInto("group_members")
      .values({ group_id: groupId, user_id: userId, role, joined_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** True when both users are members of at least one common group (one query, no N+1). */
  async shareAGroup(userId: string, otherUserId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("group_members as mine")
      .innerJoin("group_members as theirs", "theirs.group_id", "mine.group_id")
      .select("mine.group_id")
      .where("mine.user_id", "=", userId)
      .where("theirs.user_id", "=", otherUserId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Groups the user owns other than their personal one, each with who would take it over. */
  async ownedSharedGroupsWithSuccessor(ownerId: string): Promise<OwnedGroupWithSuccessor[]> {
    const groups = await this.db
      .selectFrom("groups")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("type", "!=", "personal")
      .orderBy("created_at")
      .execute();
    if (groups.length === 0) return [];
    // Left joins: a member without a profile (an account older than profiles) still takes over.
    const candidates = await this.db
      .selectFrom("group_members")
      .innerJoin("users", "users.id", "group_members.user_id")
      .leftJoin("profiles", "profiles.user_id", "group_members.user_id")
      .select([
        "group_members.group_id",
        "group_members.user_id",
        "group_members.joined_at",
        (eb) => eb.fn.coalesce("profiles.display_name", "users.name").as("display_name"),
      ])
      .where(
        "group_members.group_id",
        "in",
        groups.map((group) => group.id),
      )
      .where("group_members.user_id", "!=", ownerId)
      .orderBy("group_members.joined_at")
      .orderBy("group_members.user_id")
      .execute();
    return groups.map((group) => {
      const first = candidates.find((candidate) => candidate.group_id === group.id);
      return {
        group,
        successor: first ? { userId: first.user_id, displayName: first.display_name } : null,
      };
    });
  }

  async transferOwnership(groupId: string, newOwnerId: string, now: string): Promise<void> {
    await this.db
      .updateTable("groups")
      .set({ owner_id: newOwnerId, updated_at: now })
      .where("id", "=", groupId)
      .execute();
    await this.db
      .updateTable("group_members")
      .set({ role: "owner" })
      .where("group_id", "=", groupId)
      .where("user_id", "=", newOwnerId)
      .execute();
  }

  async rename(groupId: string, name: string, now: string): Promise<void> {
    await this.db.updateTable("groups").set({ name, updated_at: now }).where("id", "=", groupId).execute();
  }

  async delete(groupId: string): Promise<void> {
    await this.db.deleteFrom("groups").where("id", "=", groupId).execute();
  }
}
