import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * Sign-in: users (one per issuer and subject), server-side sessions, personal API tokens, pending
 * sign-in requests, the built-in identity provider's local accounts and its store, instance
 * secrets (signing keys) and the local mail outbox. Booleans are 0/1 integers in both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("email_verified", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .addColumn("last_sign_in_at", timestamp, (col) => col.notNull())
    .addUniqueConstraint("users_issuer_subject", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("users_email").on("users").column("email").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issuer_id", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip_address", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("last_seen_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("last_used_at", timestamp)
    .execute();
  await db.schema.createIndex("api_tokens_user_id").on("api_tokens").column("user_id").execute();

  // One row per sign-in that left for an issuer; the callback consumes it, so a state works once.
  await db.schema
    .createTable("sign_in_requests")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("issuer_id", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("next_path", "text", (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("local_accounts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("email_verified_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();

  // Emailed links (verification, password reset): stored hashed, single use, short-lived.
  await db.schema
    .createTable("account_tokens")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull().references("local_accounts.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();

  // oidc-provider's adapter store: one table for every model it keeps.
  await db.schema
    .createTable("oidc_store")
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", timestamp)
    .addColumn("consumed_at", timestamp)
    .addPrimaryKeyConstraint("oidc_store_pk", ["model", "id"])
    .execute();
  await db.schema.createIndex("oidc_store_grant_id").on("oidc_store").column("grant_id").execute();
  await db.schema.createIndex("oidc_store_uid").on("oidc_store").column("uid").execute();
  await db.schema.createIndex("oidc_store_user_code").on("oidc_store").column("user_code").execute();

  await db.schema
    .createTable("instance_secrets")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("outbox_created_at").on("outbox").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "outbox",
    "instance_secrets",
    "oidc_store",
    "account_tokens",
    "local_accounts",
    "sign_in_requests",
    "api_tokens",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
