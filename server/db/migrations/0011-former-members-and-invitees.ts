import { type Kysely, sql } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * Two fixes.
 *
 * Tasks left behind by members who left or were removed before leaving handed their tasks over:
 * they pass to the group's owner now, as a removal does since, each change logged for every group
 * that sees the task so members' devices pick up the new owner.
 *
 * `invitations.invitee_id`: set when the inviter named an existing user (invite-member) rather
 * than typing an address. The address then came from the invitee's account, which profiles keep
 * from other members, so such an invitation shows it to the invitee alone. An invitation to a
 * deleted account goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await handOverTasksOfFormerMembers(db, new Date().toISOString());
  await db.schema
    .alterTable("invitations")
    .addColumn("invitee_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("invitations_invitee_id").on("invitations").column("invitee_id").execute();
}

/** Exported for its test: the data step of `up`, which later starts never need again. */
export async function handOverTasksOfFormerMembers(db: Kysely<unknown>, now: string): Promise<void> {
  // Typed, or PostgreSQL reads a parameter under UNION as text, which a timestamptz refuses.
  const at = sql`cast(${now} as ${sql.raw(columnTypes(db).timestamp)})`;
  const formerMember = sql`not exists (
    select 1 from group_members m where m.group_id = t.group_id and m.user_id = t.owner_id
  )`;
  await sql`
    insert into task_changes (group_id, task_id, changed_at)
    select t.group_id, t.id, ${at} from tasks t where ${formerMember}
    union all
    select s.group_id, t.id, ${at} from tasks t join task_shares s on s.task_id = t.id where ${formerMember}
  `.execute(db);
  await sql`
    update tasks set
      owner_id = (select g.owner_id from groups g where g.id = tasks.group_id),
      updated_at = ${now}
    where not exists (
      select 1 from group_members m where m.group_id = tasks.group_id and m.user_id = tasks.owner_id
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("invitations_invitee_id").execute();
  await db.schema.alterTable("invitations").dropColumn("invitee_id").execute();
}
