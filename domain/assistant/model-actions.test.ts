import { describe, expect, it } from "vitest";
import { actionsFromToolCalls } from "./model-actions.js";

const context = {
  taskIds: new Set(["t-1"]),
  categories: [
    { id: "work", label: "Work Tasks" },
    { id: "garden", label: "Garden & Yard" },
  ],
};

describe("a model's tool calls as suggested actions", () => {
  it("keeps valid calls in order, with medium priority by default", () => {
    const { actions, dropped } = actionsFromToolCalls(
      [
        { name: "create_task", arguments: '{"title":"Buy milk","deadline":"2026-03-05T17:00"}' },
        { name: "complete_task", arguments: '{"task_id":"t-1"}' },
      ],
      context,
    );
    expect(actions).toEqual([
      { type: "create_task", title: "Buy milk", priority: "medium", deadline: "2026-03-05T17:00" },
      { type: "complete_task", task_id: "t-1" },
    ]);
    expect(dropped).toBe(0);
  });

  it("drops arguments that are not JSON, an unknown tool, a missing title and a task the user does not have", () => {
    const { actions, dropped } = actionsFromToolCalls(
      [
        { name: "create_task", arguments: '{"title": "Buy' },
        { name: "delete_everything", arguments: "{}" },
        { name: "create_task", arguments: '{"notes":"no title"}' },
        { name: "complete_task", arguments: '{"task_id":"someone-elses"}' },
        { name: "update_task", arguments: '{"task_id":"t-1","priority":"extreme"}' },
      ],
      context,
    );
    expect(actions).toEqual([]);
    expect(dropped).toBe(5);
  });

  it("ignores a deadline that does not parse and matches a category exactly, then partly, else other", () => {
    const { actions } = actionsFromToolCalls(
      [
        { name: "create_task", arguments: '{"title":"A","deadline":"next tuesday","category":"work tasks"}' },
        { name: "create_task", arguments: '{"title":"B","category":"garden"}' },
        { name: "create_task", arguments: '{"title":"C","category":"Hobbies"}' },
      ],
      context,
    );
    expect(actions).toEqual([
      { type: "create_task", title: "A", priority: "medium", category: "work" },
      { type: "create_task", title: "B", priority: "medium", category: "garden" },
      { type: "create_task", title: "C", priority: "medium", category: "other" },
    ]);
  });
});
