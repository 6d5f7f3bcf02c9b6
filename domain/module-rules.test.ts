import { describe, expect, it } from "vitest";
import {
  checkModuleRegistry,
  disableRefusal,
  enabledModuleIds,
  enableRefusal,
  findModule,
  isModuleEnabled,
} from "./module-rules.js";
import { MODULES } from "./modules.js";
import { testModule } from "../tests/helpers/modules.js";

const module = testModule;

const taskManager = module("task-manager", { isCore: true, type: "CORE", dependencies: [] });
const reports = module("reports");
const charts = module("charts", { dependencies: ["task-manager", "reports"] });
const delegation = module("task-delegation");
const TEST_MODULES = [taskManager, reports, charts, delegation];

describe("the module registry", () => {
  it("is valid: unique ids, known dependencies, no cycle", () => {
    expect(() => checkModuleRegistry(MODULES)).not.toThrow();
  });

  it("refuses a registry whose dependencies form a cycle, naming it", () => {
    const a = module("a", { dependencies: ["b"] });
    const b = module("b", { dependencies: ["c"] });
    const c = module("c", { dependencies: ["a"] });
    expect(() => checkModuleRegistry([a, b, c])).toThrow("Module dependencies form a cycle: a -> b -> c -> a");
    expect(() => checkModuleRegistry([module("a", { dependencies: ["a"] })])).toThrow("a -> a");
  });

  it("refuses unknown dependencies and ids registered twice", () => {
    expect(() => checkModuleRegistry([module("a", { dependencies: ["ghost"] })])).toThrow(
      "Module a depends on unknown module ghost",
    );
    expect(() => checkModuleRegistry([taskManager, taskManager])).toThrow("Module task-manager is registered twice");
  });
});

describe("whether a module is on", () => {
  it("follows the user's choice, else the module's default", () => {
    expect(isModuleEnabled(reports, new Map())).toBe(true);
    expect(isModuleEnabled(module("opt-in", { enabledByDefault: false }), new Map())).toBe(false);
    expect(isModuleEnabled(reports, new Map([["reports", false]]))).toBe(false);
  });

  it("keeps core and always-on modules on whatever was chosen", () => {
    const choices = new Map([
      ["task-manager", false],
      ["task-delegation", false],
    ]);
    expect(isModuleEnabled(taskManager, choices, new Set(["task-manager"]))).toBe(true);
    expect(isModuleEnabled(delegation, choices)).toBe(true);
  });

  it("is off in a group that switched it off, even for a user who switched it on", () => {
    expect(isModuleEnabled(reports, new Map([["reports", true]]), new Set(["reports"]))).toBe(false);
  });

  it("is off for everyone unless its status is ACTIVE", () => {
    for (const status of ["INACTIVE", "INSTALLING", "UPDATING", "ERROR"] as const) {
      expect(isModuleEnabled(module("x", { status }), new Map([["x", true]]))).toBe(false);
    }
  });

  it("lists the ids of every module on, never one whose dependency is off", () => {
    expect([...enabledModuleIds(new Map(), undefined, TEST_MODULES)]).toEqual([
      "task-manager",
      "reports",
      "charts",
      "task-delegation",
    ]);
    // Reports off (by the user, or by a group): Charts, which needs it, is off with it.
    expect([...enabledModuleIds(new Map([["reports", false]]), undefined, TEST_MODULES)]).toEqual([
      "task-manager",
      "task-delegation",
    ]);
    expect([...enabledModuleIds(new Map(), new Set(["reports"]), TEST_MODULES)]).toEqual([
      "task-manager",
      "task-delegation",
    ]);
  });
});

describe("switching a module", () => {
  it("needs its dependencies on first, naming them but never the task manager", () => {
    expect(enableRefusal(charts, new Set(["task-manager"]), TEST_MODULES)).toBe(
      "This module requires the following modules to be enabled first: Reports",
    );
    expect(enableRefusal(charts, new Set(["reports"]), TEST_MODULES)).toBeNull();
  });

  it("cannot switch off a module an enabled module depends on", () => {
    expect(disableRefusal(reports, new Set(["task-manager", "reports", "charts"]), TEST_MODULES)).toBe(
      "Cannot disable this module because the following modules depend on it: Charts",
    );
    expect(disableRefusal(reports, new Set(["task-manager", "reports"]), TEST_MODULES)).toBeNull();
  });

  it("never switches off a core or always-on module", () => {
    expect(disableRefusal(taskManager, new Set(), TEST_MODULES)).toBe("Core modules cannot be disabled");
    expect(disableRefusal(delegation, new Set(), TEST_MODULES)).toBe(
      "Task delegation is always on and cannot be disabled",
    );
  });

  it("finds the spec's modules by id", () => {
    expect(findModule("task-categories")?.name).toBe("Task categories");
    expect(findModule("no-such-module")).toBeUndefined();
  });
});
