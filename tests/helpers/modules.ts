import type { ModuleDefinition } from "../../domain/modules.js";

/** A module definition for tests of the rules: switchable, on by default, needing the task manager. */
export function testModule(id: string, extra: Partial<ModuleDefinition> = {}): ModuleDefinition {
  return {
    id,
    name: id.replace(/-/g, " ").replace(/^./, (first) => first.toUpperCase()),
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "star",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 0,
    routes: [],
    menuItems: [],
    ...extra,
  };
}
