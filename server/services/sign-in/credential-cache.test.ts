import { describe, expect, it } from "vitest";
import type { User } from "../../repositories/user-repository.js";
import { type CachedCredential, CredentialCache } from "./credential-cache.js";

const user = (id: string) => ({ id, name: id }) as unknown as User;
const session = (idHash: string, userId: string): CachedCredential => ({
  kind: "session",
  credentialId: idHash,
  user: user(userId),
  lastUsedAt: "2026-11-24T00:00:00.000Z",
  createdAt: "2026-11-24T00:00:00.000Z",
  expiresAt: "2026-12-24T00:00:00.000Z",
});
const token = (tokenId: string, userId: string): CachedCredential => ({
  kind: "token",
  credentialId: tokenId,
  user: user(userId),
  lastUsedAt: null,
});

function cacheWithClock(ttlMs = 1_000, capacity = 100) {
  const clock = { now: 1_000_000 };
  return { clock, cache: new CredentialCache(ttlMs, capacity, () => clock.now) };
}

describe("CredentialCache", () => {
  it("answers within its TTL and asks again after it", () => {
    const { clock, cache } = cacheWithClock(1_000);
    cache.set("h1", session("h1", "u1"));
    clock.now += 999;
    expect(cache.get("h1")?.user.id).toBe("u1");
    clock.now += 2;
    expect(cache.get("h1")).toBeUndefined();
  });

  it("forgets an ended session, a revoked token, or every credential of a user", () => {
    const { cache } = cacheWithClock();
    cache.set("s1", session("s1", "u1"));
    cache.set("s2", session("s2", "u1"));
    cache.set("t1", token("t1", "u1"));
    cache.set("t2", token("t2", "u2"));

    cache.forgetSession("s1");
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s2")).toBeDefined();

    cache.forgetToken("t2");
    expect(cache.get("t2")).toBeUndefined();

    cache.forgetUser("u1");
    expect([cache.get("s2"), cache.get("t1")]).toEqual([undefined, undefined]);
  });

  it("does not mistake a token id for a session hash of the same value", () => {
    const { cache } = cacheWithClock();
    cache.set("same", session("same", "u1"));
    cache.forgetToken("same");
    expect(cache.get("same")).toBeDefined();
  });

  it("drops the oldest entry past its capacity", () => {
    const { cache } = cacheWithClock(1_000, 2);
    cache.set("a", token("a", "u"));
    cache.set("b", token("b", "u"));
    cache.set("c", token("c", "u"));
    expect([cache.get("a"), cache.get("b")?.credentialId, cache.get("c")?.credentialId]).toEqual([undefined, "b", "c"]);
  });

  it("remembers a touch so hits do not write it again, without making the entry live longer", () => {
    const { clock, cache } = cacheWithClock(1_000);
    cache.set("t", token("t", "u"));
    clock.now += 600;
    cache.touched("t", "2026-11-24T10:00:00.000Z");
    expect(cache.get("t")?.lastUsedAt).toBe("2026-11-24T10:00:00.000Z");
    clock.now += 600;
    expect(cache.get("t")).toBeUndefined();
  });

  it("does not store a lookup that started before a credential was forgotten", () => {
    const { cache } = cacheWithClock();
    const generation = cache.generation;
    // Meanwhile, the token is revoked on another process and the bus says so.
    cache.forgetToken("t1");
    cache.set("t1", token("t1", "u1"), generation);
    expect(cache.get("t1")).toBeUndefined();
    cache.set("t1", token("t1", "u1"), cache.generation);
    expect(cache.get("t1")).toBeDefined();
  });
});
