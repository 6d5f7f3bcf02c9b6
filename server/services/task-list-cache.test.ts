import { describe, expect, it } from "vitest";
import { TaskListCache } from "./task-list-cache.js";

describe("TaskListCache", () => {
  it("answers only for the change number it was stored at, and per viewer", () => {
    const cache = new TaskListCache();
    cache.set("family", "ada", 7, '{"for":"ada"}');
    cache.set("family", "grace", 7, '{"for":"grace"}');
    expect(cache.get("family", "ada", 7)).toBe('{"for":"ada"}');
    expect(cache.get("family", "grace", 7)).toBe('{"for":"grace"}');
    expect(cache.get("family", "ada", 8)).toBeUndefined();
    // A stale entry is dropped, not kept for an older number.
    expect(cache.get("family", "ada", 7)).toBeUndefined();
    expect(cache.get("garden", "grace", 7)).toBeUndefined();
  });

  it("keeps within its byte budget by dropping the least recently read list", () => {
    const body = "x".repeat(100); // 200 bytes as a JavaScript string
    const cache = new TaskListCache(500);
    cache.set("a", "u", 1, body);
    cache.set("b", "u", 1, body);
    expect(cache.get("a", "u", 1)).toBe(body); // a is now the most recent
    cache.set("c", "u", 1, body);
    expect(cache.get("b", "u", 1)).toBeUndefined();
    expect(cache.get("a", "u", 1)).toBe(body);
    expect(cache.get("c", "u", 1)).toBe(body);
  });

  it("never keeps a list larger than the whole budget", () => {
    const cache = new TaskListCache(100);
    cache.set("a", "u", 1, "x".repeat(51));
    expect(cache.get("a", "u", 1)).toBeUndefined();
  });
});
