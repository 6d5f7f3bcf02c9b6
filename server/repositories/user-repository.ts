import type { Kysely, Selectable } from "kysely";
import { dialectOf } from "../db/column-types.js";
import type { DB, UserTable } from "../db/schema.js";

export type UserRow = Selectable<UserTable>;

export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

export class UserRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Holds the user's row until the transaction ends (PostgreSQL; SQLite runs one write transaction
   * at a time): a check-then-write on the user's own things (module switches, pins) from two tabs
   * at once is decided one after the other.
   */
  async lock(id: string): Promise<void> {
    if (dialectOf(this.db as Kysely<unknown>) !== "postgres") return;
    await this.db.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Accounts whose confirmed address this is (one per issuer at most). */
  findVerifiedByEmail(email: string): Promise<UserRow[]> {
    return this.db.selectFrom("users").selectAll().where("email", "=", email).where("email_verified", "=", 1).execute();
  }

  findByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("issuer", "=", issuer)
      .where("subject", "=", subject)
      .executeTakeFirst();
  }

  /**
   * Matches on (issuer, subject) and refreshes email and name from the latest sign-in. The unique
   * constraint makes two concurrent first sign-ins end with one row.
   */
  async upsertFromSignIn(identity: SignInIdentity, newId: string, now: string): Promise<UserRow> {
    await this.db
      .insertInto("users")
      .values({
        id: newId,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        email_verified: identity.emailVerified ? 1 : 0,
        name: identity.name,
        is_admin: 0,
        created_at: now,
        updated_at: now,
        last_sign_in_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(["issuer", "subject"]).doUpdateSet({
          email: identity.email,
          email_verified: identity.emailVerified ? 1 : 0,
          name: identity.name,
          updated_at: now,
          last_sign_in_at: now,
        }),
      )
      .execute();
    const row = await this.findByIdentity(identity.issuer, identity.subject);
    if (!row) throw new Error("user vanished right after it was saved");
    return row;
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  }

  /** Sessions, tokens, profile, settings and memberships go with it (foreign keys cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("users").where("id", "=", id).execute();
  }

  /** Marks the email of the user behind an issuer's account as verified (the issuer confirmed it). */
  async markEmailVerified(issuer: string, subject: string, now: string): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ email_verified: 1, updated_at: now })
      .where("issuer", "=", issuer)
      .where("subject", "=", subject)
      .execute();
  }
}
