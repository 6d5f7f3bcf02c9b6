import { describe, expect, it } from "vitest";
import { pinsAfter } from "./pins";

describe("pinsAfter (what the card shows while a write is on its way)", () => {
  it("adds a pin last, once", () => {
    expect(pinsAfter(["a"], { method: "PUT", path: "/api/favorites/b" })).toEqual(["a", "b"]);
    expect(pinsAfter(["a", "b"], { method: "PUT", path: "/api/favorites/a" })).toEqual(["a", "b"]);
  });

  it("removes an unpinned task, with its id decoded as the path encoded it", () => {
    expect(pinsAfter(["a b", "c"], { method: "DELETE", path: "/api/favorites/a%20b" })).toEqual(["c"]);
  });

  it("orders as the server will", () => {
    expect(
      pinsAfter(["a", "b", "c"], { method: "PUT", path: "/api/favorites", body: { taskIds: ["c", "x", "a"] } }),
    ).toEqual(["c", "a", "b"]);
  });

  it("leaves the pins alone for a request that is not the module's", () => {
    expect(pinsAfter(["a"], { method: "PATCH", path: "/api/settings", body: {} })).toEqual(["a"]);
  });
});
