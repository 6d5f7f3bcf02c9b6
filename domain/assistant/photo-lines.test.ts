import { describe, expect, it } from "vitest";
import { proposeFromLines } from "./propose";

const context = { tasks: [], categories: [{ id: "shopping", label: "Shopping List" }] };
const options = { now: new Date("2026-11-26T10:00:00Z"), timeZone: "Europe/London", locale: "en" };

describe("proposeFromLines", () => {
  it("makes each line read from a photo one task, bare nouns included, with what the line says", () => {
    const proposal = proposeFromLines(["milk", "Eggs #shopping", "Pay rent friday", "  "], context, options);
    expect(proposal.actions).toEqual([
      { type: "create_task", title: "Milk", priority: "medium" },
      { type: "create_task", title: "Eggs", priority: "medium", category: "shopping" },
      { type: "create_task", title: "Pay rent", priority: "medium", deadline: "2026-11-27" },
    ]);
    expect(proposal.response).toBe("I read 3 tasks in the photo. Approve, edit or leave each one.");
  });

  it("says so when the photo held nothing to read", () => {
    expect(proposeFromLines([], context, options)).toEqual({
      response: "I could not read any tasks in the photo. Try a sharper photo, or type them.",
      actions: [],
      asked: false,
    });
  });
});
