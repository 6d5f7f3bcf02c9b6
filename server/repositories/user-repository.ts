import type { Kysely, Selectable } from "kysely";
import { dialectOf } from "../db/column-types.js";
import type { DB, UserTable } from "../db/schema.js";

/** A user account as the rest of the server sees it: camelCase, flags as booleans. */
export interface User {
  id: string;
  /** Who vouches for the account: the built-in identity provider or an outside one (OIDC_ISSUERS). */
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string;
}

export function toUser(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    emailVerified: row.email_verified === 1,
    name: row.name,
    isAdmin: row.is_admin === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

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

  async findById(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toUser(row);
  }

  /** Accounts whose confirmed address this is (one per issuer at most). */
  async findVerifiedByEmail(email: string): Promise<User[]> {
    const rows = await this.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .where("email_verified", "=", 1)
      .execute();
    return rows.map(toUser);
  }

  async findByIdentity(issuer: string, subject: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom("users")
      .selectAll()
      .where("issuer", "=", issuer)
      .where("subject", "=", subject)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /**
   * Matches on (issuer, subject) and refreshes email and name from the latest sign-in. The unique
   * constraint makes two concurrent first sign-ins end with one row.
   */
  async upsertFromSignIn(identity: SignInIdentity, newId: string, now: string): Promise<User> {
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
