import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { DB } from "../../server/db/schema.js";
import type { HttpClient } from "./http-client.js";
import { signUp } from "./sign-in.js";

/** The newest link of this kind in the outbox for this address (servers without SMTP_URL write mail there). */
export async function linkFromOutbox(
  db: Kysely<DB>,
  email: string,
  path: "/verify-email" | "/reset-password",
): Promise<URL> {
  const messages = await db
    .selectFrom("outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("created_at", "desc")
    .execute();
  for (const { text_body } of messages) {
    const match = new RegExp(`(\\S+${path}\\?token=\\S+)`).exec(text_body);
    if (match) return new URL(match[1]!);
  }
  throw new Error(`no ${path} link for ${email} in the outbox`);
}

/** Confirms a built-in account's address the way its owner would: the emailed link, opened signed in. */
export async function confirmEmail(db: Kysely<DB>, client: HttpClient, email: string): Promise<void> {
  // Sign-up mail goes out in the background; give it a moment to land.
  let link: URL | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    link = await linkFromOutbox(db, email, "/verify-email").catch(() => undefined);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const response = await client.request("/api/auth/verify-email", { json: { token: link.searchParams.get("token") } });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A new built-in account with its address confirmed (what invitations need): client, id and email. */
export async function signUpConfirmed(
  server: { baseUrl: string; database: { db: Kysely<DB> } },
  name: string,
): Promise<{ client: HttpClient; id: string; email: string }> {
  const email = `${name.toLowerCase()}@example.org`;
  const { client, id } = await signUp(server.baseUrl, name, email);
  await confirmEmail(server.database.db, client, email);
  return { client, id, email };
}
