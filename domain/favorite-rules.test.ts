import { describe, expect, it } from "vitest";
import { reorderedFavorites } from "./favorite-rules";

describe("reorderedFavorites", () => {
  it("puts the wanted pins first, in the wanted order", () => {
    expect(reorderedFavorites(["a", "b", "c"], ["c", "a", "b"])).toEqual(["c", "a", "b"]);
  });

  it("keeps pins the order left out after it, in their order", () => {
    expect(reorderedFavorites(["a", "b", "c", "d"], ["d", "b"])).toEqual(["d", "b", "a", "c"]);
  });

  it("skips ids that are not pinned and ids given twice", () => {
    expect(reorderedFavorites(["a", "b"], ["x", "b", "b", "a"])).toEqual(["b", "a"]);
  });

  it("leaves an empty list empty", () => {
    expect(reorderedFavorites([], ["a"])).toEqual([]);
  });
});
