import { describe, expect, it } from "vitest";
import { matchCategories } from "./index.js";

const categories = [
  { id: "home-tasks", name: "Home tasks" },
  { id: "homework", name: "Homework" },
  { id: "my-home", name: "My home" },
  { id: "home", name: "Home" },
  { id: "home-office", name: "Home office" },
];

describe("matchCategories", () => {
  it("ranks the same name first, then names starting with it (shorter first), then names holding it as a word", () => {
    expect(matchCategories("home", categories).map((category) => category.id)).toEqual([
      "home",
      "home-tasks",
      "home-office",
      "my-home",
    ]);
  });

  it("ignores case, accents, and dashes or underscores for spaces", () => {
    expect(matchCategories("HOME_office", categories).map((category) => category.id)).toEqual(["home-office"]);
    expect(matchCategories("arzte", [{ id: "doctors", name: "Ärzte" }]).map((category) => category.id)).toEqual([
      "doctors",
    ]);
  });

  it("does not match part of a word", () => {
    expect(matchCategories("hom", categories)).toEqual([]);
    expect(matchCategories("work", categories)).toEqual([]);
  });
});
