import { describe, expect, it } from "vitest";
import { loadConfig } from "../../env.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";

describe("password hashing", () => {
  it("hashes with scrypt N=2^15, r=8, p=1 on a server configured as in production", async () => {
    const cost = loadConfig({}).auth.passwordHashCost;
    const stored = await hashPassword("violet-harbour-kettle-93", cost);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("violet-harbour-kettle-93", stored)).toBe(true);
    expect(await verifyPassword("violet-harbour-kettle-94", stored)).toBe(false);
  });

  it("lets only a test server choose a cheaper hash, and never below N=2^10", () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: "10" })).toThrow(/PASSWORD_HASH_COST must be at least 15/);
    expect(() => loadConfig({ NODE_ENV: "development", PASSWORD_HASH_COST: "14" })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "9" })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "10" }).auth.passwordHashCost).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_COST: "17" }).auth.passwordHashCost).toBe(17);
  });

  it("checks a hash made at another cost by the parameters stored with it", async () => {
    const cheap = await hashPassword("violet-harbour-kettle-93", 10);
    expect(cheap.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("violet-harbour-kettle-93", cheap)).toBe(true);
    expect(await verifyAgainstDummy("violet-harbour-kettle-93", 10)).toBe(false);
  });
});
