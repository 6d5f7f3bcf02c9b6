import type { Kysely, Selectable } from "kysely";
import type { GroupRole } from "../../domain/groups.js";
import type { DB, GroupTable } from "../db/schema.js";
import { dialectOf } from "../db/column-types.js";
import { preparedQuery } from "../db/prepared-query.js";

const memberIdsQuery = preparedQuery((db: Kysely<DB>, groupId: string) =>
  db.selectFrom("group_members").select("user_id").where("group_id", "=", groupId),
);

const memberRoleQuery = preparedQuery((db: Kysely<DB>, groupId: string, userId: string) =>
  db.selectFrom("group_members").select("role").where("group_id", "=", groupId).where("user_id", "=", userId),
);

/** PostgreSQL only (memberRoleForWrite): the membership row share-locked until the transaction ends. */
const memberRoleForShareQuery = preparedQuery((db: Kysely<DB>, groupId: string, userId: string) =>
  db
    .selectFrom("group_members")
    .select("role")
    .where("group_id", "=", groupId)
    .where("user_id", "=", userId)
    .forShare(),
);

/** A group as stored, as the rest of the server sees it (camelCase). */
export interface GroupRecord {
  id: string;
  name: string;
  ownerId: string;
  type: GroupTable["type"];
  createdAt: string;
  updatedAt: string;
}

function toGroup(row: Selectable<GroupTable>): GroupRecord {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    type: row.type,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface OwnedGroupWithSuccessor {
  group: GroupRecord;
  /** The longest-standing other member, who takes the group over; null when the owner is alone. */
  successor: { userId: string; displayName: string } | null;
}

/** A member as others see them: name and avatar time from the profile (or the sign-in name). */
export interface GroupMember {
  groupId: string;
  userId: string;
  role: GroupRole;
  joinedAt: string;
  displayName: string;
  avatarUpdatedAt: string | null;
}

export class GroupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(group: GroupRecord): Promise<void> {
    await this.db
      .insertInto("groups")
      .values({
        id: group.id,
        name: group.name,
        owner_id: group.ownerId,
        type: group.type,
        created_at: group.createdAt,
        updated_at: group.updatedAt,
      })
      .execute();
  }

  async findById(id: string): Promise<GroupRecord | undefined> {
    const row = await this.db.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toGroup(row);
  }

  /** The groups the user is a member of, personal first. */
  async listForMember(userId: string): Promise<GroupRecord[]> {
    const rows = await this.db
      .selectFrom("groups")
      .innerJoin("group_members", "group_members.group_id", "groups.id")
      .selectAll("groups")
      .where("group_members.user_id", "=", userId)
      .orderBy((eb) => eb.case().when("groups.type", "=", "personal").then(0).else(1).end())
      .orderBy("groups.created_at")
      .orderBy("groups.id")
      .execute();
    return rows.map(toGroup);
  }

  /** The members of several groups in one query, longest-standing first. */
  async membersOf(groupIds: readonly string[]): Promise<GroupMember[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("group_members")
      .innerJoin("users", "users.id", "group_members.user_id")
      .leftJoin("profiles", "profiles.user_id", "group_members.user_id")
      .select([
        "group_members.group_id",
        "group_members.user_id",
        "group_members.role",
        "group_members.joined_at",
        (eb) => eb.fn.coalesce("profiles.display_name", "users.name").as("display_name"),
        "profiles.avatar_updated_at",
      ])
      .where("group_members.group_id", "in", groupIds)
      .orderBy("group_members.joined_at")
      .orderBy("group_members.user_id")
      .execute();
    return rows.map((row) => ({
      groupId: row.group_id,
      userId: row.user_id,
      role: row.role,
      joinedAt: row.joined_at,
      displayName: row.display_name,
      avatarUpdatedAt: row.avatar_updated_at,
    }));
  }

  async memberRole(groupId: string, userId: string): Promise<GroupRole | undefined> {
    const [row] = await memberRoleQuery(this.db, groupId, userId);
    return row?.role;
  }

  /**
   * The user's role, for a write that adds something of theirs to the group (a task). On
   * PostgreSQL the membership row stays share-locked until the transaction ends, so a removal
   * racing the write waits for it and then hands over what it added; SQLite runs one write at a
   * time anyway.
   */
  async memberRoleForWrite(groupId: string, userId: string): Promise<GroupRole | undefined> {
    if (dialectOf(this.db as Kysely<unknown>) !== "postgres") return this.memberRole(groupId, userId);
    const [row] = await memberRoleForShareQuery(this.db, groupId, userId);
    return row?.role;
  }

  /** Members' sign-in addresses: an invitation to one of them is pointless. */
  membersWithEmail(groupId: string): Promise<{ user_id: string; email: string | null }[]> {
    return this.db
      .selectFrom("group_members")
      .innerJoin("users", "users.id", "group_members.user_id")
      .select(["group_members.user_id", "users.email"])
      .where("group_members.group_id", "=", groupId)
      .execute();
  }

  async memberIds(groupId: string): Promise<string[]> {
    const rows = await memberIdsQuery(this.db, groupId);
    return rows.map((row) => row.user_id);
  }

  /**
   * False when the user was not a member (already removed by a concurrent request) or is the
   * owner (made so by a concurrent transfer): a group always keeps its owner among its members.
   */
  async removeMember(groupId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("group_members")
      .where("group_id", "=", groupId)
      .where("user_id", "=", userId)
      .where("role", "=", "member")
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setRole(groupId: string, userId: string, role: GroupRole): Promise<void> {
    await this.db
      .updateTable("group_members")
      .set({ role })
      .where("group_id", "=", groupId)
      .where("user_id", "=", userId)
      .execute();
  }

  /** The unique index on personal groups turns a racing second insert into a no-op. */
  async insertPersonalIfMissing(id: string, ownerId: string, name: string, now: string): Promise<GroupRecord> {
    await this.db
      .insertInto("groups")
      .values({ id, name, owner_id: ownerId, type: "personal", created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const group = await this.findPersonal(ownerId);
    if (!group) throw new Error("personal group vanished right after it was saved");
    return group;
  }

  async findPersonal(ownerId: string): Promise<GroupRecord | undefined> {
    const row = await this.db
      .selectFrom("groups")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("type", "=", "personal")
      .executeTakeFirst();
    return row && toGroup(row);
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

  /** Which of these users share at least one group with the user (one query, for lists). */
  async sharingAGroupWith(userId: string, otherUserIds: readonly string[]): Promise<Set<string>> {
    if (otherUserIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("group_members as mine")
      .innerJoin("group_members as theirs", "theirs.group_id", "mine.group_id")
      .select("theirs.user_id")
      .distinct()
      .where("mine.user_id", "=", userId)
      .where("theirs.user_id", "in", [...new Set(otherUserIds)])
      .execute();
    return new Set(rows.map((row) => row.user_id));
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
        group: toGroup(group),
        successor: first ? { userId: first.user_id, displayName: first.display_name } : null,
      };
    });
  }

  /**
   * False, changing nothing, when the new owner is not a member (any more). The membership row is
   * updated first: that locks it, so a removal racing this waits and then finds an owner it may
   * not remove. (Account deletion hands a group to its longest-standing member the same way.)
   */
  async transferOwnership(groupId: string, newOwnerId: string, now: string): Promise<boolean> {
    const promoted = await this.db
      .updateTable("group_members")
      .set({ role: "owner" })
      .where("group_id", "=", groupId)
      .where("user_id", "=", newOwnerId)
      .executeTakeFirst();
    if (Number(promoted.numUpdatedRows) === 0) return false;
    await this.db
      .updateTable("groups")
      .set({ owner_id: newOwnerId, updated_at: now })
      .where("id", "=", groupId)
      .execute();
    // One owner at a time: the previous owner stays on as a member.
    await this.db
      .updateTable("group_members")
      .set({ role: "member" })
      .where("group_id", "=", groupId)
      .where("role", "=", "owner")
      .where("user_id", "!=", newOwnerId)
      .execute();
    return true;
  }

  /** Membership changes count as changes of the group (its updatedAt). */
  async touch(groupId: string, now: string): Promise<void> {
    await this.db.updateTable("groups").set({ updated_at: now }).where("id", "=", groupId).execute();
  }

  async rename(groupId: string, name: string, now: string): Promise<void> {
    await this.db.updateTable("groups").set({ name, updated_at: now }).where("id", "=", groupId).execute();
  }

  async delete(groupId: string): Promise<void> {
    await this.db.deleteFrom("groups").where("id", "=", groupId).execute();
  }
}
