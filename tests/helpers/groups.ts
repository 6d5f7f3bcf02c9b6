import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../server/db/schema.js";
import { signUpConfirmed } from "./email.js";
import type { HttpClient } from "./http-client.js";

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

/**
 * Ada and Grace, both with confirmed addresses, in a family group "Family" that Ada made and
 * Grace joined by invitation, over the API as their browsers would. Grace's time zone is UTC.
 */
export async function familyOfTwo(server: {
  baseUrl: string;
  database: { db: Kysely<DB> };
}): Promise<{ ada: HttpClient; grace: HttpClient; family: string }> {
  const ok = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const ada = (await signUpConfirmed(server, "Ada")).client;
  const grace = (await signUpConfirmed(server, "Grace")).client;
  const family = (
    await ok<{ id: string }>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }))
  ).id;
  const invitation = await ok<{ id: string }>(
    await ada.request(`/api/groups/${family}/invitations`, { json: { email: "grace@example.org" } }),
  );
  await ok(await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  await ok(await grace.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
  return { ada, grace, family };
}
