import { describe, expect, it } from "vitest";
import { camelCased, snakeCased } from "./camel-case.js";

describe("camelCased and snakeCased", () => {
  it("renames every column of a row and keeps its values, nulls included", () => {
    const row = { id: "a", session_id_hash: "h", p256dh: "k", read_at: null, created_at: "2026-01-01T00:00:00.000Z" };
    expect(camelCased(row)).toEqual({
      id: "a",
      sessionIdHash: "h",
      p256dh: "k",
      readAt: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
  });

  it("gives back the columns a record came from", () => {
    const row = { user_id: "u", email_due_at: null, last_used: "t", auth: "x" };
    expect(snakeCased<typeof row>(camelCased(row))).toEqual(row);
  });

  it("leaves a field that is absent absent, so an insert does not write it as NULL", () => {
    expect(Object.keys(snakeCased<{ user_id: string; stack?: string }>({ userId: "u" }))).toEqual(["user_id"]);
  });
});
