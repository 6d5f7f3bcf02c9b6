import { describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { JsonAnswer, TaskListCache } from "./task-list-cache.js";

describe("TaskListCache", () => {
  it("answers only for the change number it was stored at, and per viewer", () => {
    const cache = new TaskListCache();
    cache.set("family", "ada", 7, new JsonAnswer('{"for":"ada"}'));
    cache.set("family", "grace", 7, new JsonAnswer('{"for":"grace"}'));
    expect(cache.get("family", "ada", 7)?.json).toBe('{"for":"ada"}');
    expect(cache.get("family", "grace", 7)?.json).toBe('{"for":"grace"}');
    expect(cache.get("family", "ada", 8)).toBeUndefined();
    // A stale entry is dropped, not kept for an older number.
    expect(cache.get("family", "ada", 7)).toBeUndefined();
    expect(cache.get("garden", "grace", 7)).toBeUndefined();
  });

  it("keeps within its byte budget by dropping the least recently read list", () => {
    const answer = () => new JsonAnswer("x".repeat(100)); // counted as 400 bytes
    const cache = new TaskListCache(1_000);
    cache.set("a", "u", 1, answer());
    cache.set("b", "u", 1, answer());
    expect(cache.get("a", "u", 1)).toBeDefined(); // a is now the most recent
    cache.set("c", "u", 1, answer());
    expect(cache.get("b", "u", 1)).toBeUndefined();
    expect(cache.get("a", "u", 1)).toBeDefined();
    expect(cache.get("c", "u", 1)).toBeDefined();
  });

  it("never keeps a list larger than the whole budget", () => {
    const cache = new TaskListCache(100);
    cache.set("a", "u", 1, new JsonAnswer("x".repeat(26)));
    expect(cache.get("a", "u", 1)).toBeUndefined();
  });

  it("compresses an answer once per encoding, to the same text", () => {
    const answer = new JsonAnswer(
      JSON.stringify({ tasks: Array.from({ length: 50 }, (_, i) => ({ title: `Task ${i}` })) }),
    );
    const gzip = answer.encoded("gzip");
    expect(answer.encoded("gzip")).toBe(gzip);
    expect(gunzipSync(gzip).toString("utf8")).toBe(answer.json);
  });
});
