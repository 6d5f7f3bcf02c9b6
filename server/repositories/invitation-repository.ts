import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, InvitationTable } from "../db/schema.js";

export type InvitationRecord = CamelCased<Selectable<InvitationTable>>;

/**
 * An invitation with what its lists show: the group's name and type, the inviter's name and avatar
 * time, and for one made to a user by id, that user's (null otherwise). Who may see which of
 * these is the service's to decide (policies/invitations.ts).
 */
export interface InvitationView extends InvitationRecord {
  groupName: string;
  groupType: DB["groups"]["type"];
  inviterName: string;
  inviterAvatarUpdatedAt: string | null;
  inviteeName: string | null;
  inviteeAvatarUpdatedAt: string | null;
}

export class InvitationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** False when a pending invitation for this address and group exists (the unique index decides). */
  async insert(invitation: CamelCased<Insertable<InvitationTable>>): Promise<boolean> {
    const result = await this.db
      .insertInto("invitations")
      .values(snakeCased<Insertable<InvitationTable>>(invitation))
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async findById(id: string): Promise<InvitationRecord | undefined> {
    const row = await this.db.selectFrom("invitations").selectAll().where("id", "=", id).executeTakeFirst();
    return row && camelCased(row);
  }

  /** A pending invitation past its expiry no longer blocks a new one to the same address. */
  async deleteExpiredPending(groupId: string, email: string, now: string): Promise<void> {
    await this.db
      .deleteFrom("invitations")
      .where("group_id", "=", groupId)
      .where("email", "=", email)
      .where("status", "=", "pending")
      .where("expires_at", "<=", now)
      .execute();
  }

  /**
   * Answers a pending, unexpired invitation; false when it was not (any more): a second accept,
   * a decline racing an accept, or an expired one change nothing.
   */
  async answer(id: string, status: "accepted" | "declined" | "revoked", now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("invitations")
      .set({ status, responded_at: now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countPendingForGroup(groupId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom("invitations")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("group_id", "=", groupId)
      .where("status", "=", "pending")
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private views() {
    return this.db
      .selectFrom("invitations")
      .innerJoin("groups", "groups.id", "invitations.group_id")
      .innerJoin("users as inviter", "inviter.id", "invitations.invited_by")
      .leftJoin("profiles as inviter_profile", "inviter_profile.user_id", "invitations.invited_by")
      .leftJoin("users as invitee", "invitee.id", "invitations.invitee_id")
      .leftJoin("profiles as invitee_profile", "invitee_profile.user_id", "invitations.invitee_id")
      .selectAll("invitations")
      .select([
        "groups.name as group_name",
        "groups.type as group_type",
        (eb) => eb.fn.coalesce("inviter_profile.display_name", "inviter.name").as("inviter_name"),
        "inviter_profile.avatar_updated_at as inviter_avatar_updated_at",
        (eb) => eb.fn.coalesce("invitee_profile.display_name", "invitee.name").as("invitee_name"),
        "invitee_profile.avatar_updated_at as invitee_avatar_updated_at",
      ]);
  }

  async findView(id: string): Promise<InvitationView | undefined> {
    const row = await this.views().where("invitations.id", "=", id).executeTakeFirst();
    return row && camelCased(row);
  }

  /** Addressed to this email, newest first; answered ones of the last 30 days are kept for context. */
  async listReceived(email: string, since: string): Promise<InvitationView[]> {
    const rows = await this.views()
      .where("invitations.email", "=", email)
      .where((eb) => eb.or([eb("invitations.status", "=", "pending"), eb("invitations.responded_at", ">", since)]))
      .orderBy("invitations.created_at", "desc")
      .execute();
    return rows.map(camelCased);
  }

  /** Sent by the user or to groups the user owns. */
  async listSent(userId: string, since: string): Promise<InvitationView[]> {
    const rows = await this.views()
      .where((eb) => eb.or([eb("invitations.invited_by", "=", userId), eb("groups.owner_id", "=", userId)]))
      .where((eb) => eb.or([eb("invitations.status", "=", "pending"), eb("invitations.responded_at", ">", since)]))
      .orderBy("invitations.created_at", "desc")
      .execute();
    return rows.map(camelCased);
  }

  async listPendingForGroup(groupId: string): Promise<InvitationView[]> {
    const rows = await this.views()
      .where("invitations.group_id", "=", groupId)
      .where("invitations.status", "=", "pending")
      .orderBy("invitations.created_at", "desc")
      .execute();
    return rows.map(camelCased);
  }
}
