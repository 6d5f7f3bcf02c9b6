import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deadlineSchema, queryInteger, storableText, timestampSchema, unstorableCharacter } from "./fields";

describe("text every database can store", () => {
  it("finds NUL and lone surrogates, and nothing else", () => {
    expect(unstorableCharacter("a\u0000b")).toBe("U+0000");
    expect(unstorableCharacter("\ud800")).toBe("U+D800");
    expect(unstorableCharacter("a\udfffb")).toBe("U+DFFF");
    expect(unstorableCharacter("\udc00\ud800")).toBe("U+DC00");
    expect(unstorableCharacter("ok \ud83d")).toBe("U+D83D");
    for (const fine of [
      "",
      "plain",
      "😀 emoji",
      "\u0001\u001f\u007f control",
      "\ufffe\uffff",
      "日本語",
      "\ud83d\ude00\ud83d\ude00",
    ])
      expect(unstorableCharacter(fine)).toBeNull();
  });

  it("refuses them in a schema, with a message naming the character, whatever comes after it", () => {
    const schema = z.object({ title: storableText().trim().min(1).max(10) });
    const result = schema.safeParse({ title: "a\u0000b" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["title"], message: "Contains a character that cannot be stored (U+0000)" }),
    ]);
    expect(schema.safeParse({ title: "  fine  " }).data).toEqual({ title: "fine" });
  });
});

describe("dates in schemas", () => {
  it("refuses deadlines and timestamps that do not exist", () => {
    expect(deadlineSchema.safeParse("2026-02-31").success).toBe(false);
    expect(deadlineSchema.safeParse("2028-02-29T23:59").success).toBe(true);
    expect(timestampSchema.safeParse("2026-02-29T00:00:00Z").success).toBe(false);
    expect(timestampSchema.safeParse("2026-11-24T07:48:57.123Z").success).toBe(true);
  });
});

describe("integers in a query string", () => {
  it("reads decimal digits only", () => {
    const schema = queryInteger({ min: 0, max: 100 });
    expect(schema.parse("0")).toBe(0);
    expect(schema.parse("42")).toBe(42);
    for (const bad of ["", " 7", "1e2", "0x10", "-1", "1.5", "101", "garbage", "7\u0000"])
      expect(schema.safeParse(bad).success, bad).toBe(false);
  });
});
