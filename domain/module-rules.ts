import { MODULES, type ModuleDefinition } from "./modules.js";

/**
 * Who decides whether a module is on (docs/modules.md): a module is enabled when its status is
 * ACTIVE and it is always on, or else when neither the group (for what happens in that group) nor
 * the user switched it off; a user who never chose gets its default.
 */

/** Besides the core modules, these stay enabled whatever anyone chooses. */
const ALWAYS_ON = new Set(["task-manager", "task-delegation", "core-settings"]);
/** Every module needs the task manager, which is always on: the message never names it. */
const IMPLIED_DEPENDENCY = "task-manager";

export function isAlwaysOn(module: ModuleDefinition): boolean {
  return module.isCore || ALWAYS_ON.has(module.id);
}

export function findModule(id: string, modules: readonly ModuleDefinition[] = MODULES): ModuleDefinition | undefined {
  return modules.find((module) => module.id === id);
}

/** What a user chose for each module they ever switched (absent: the module's default). */
export type ModuleChoices = ReadonlyMap<string, boolean>;

/**
 * Whether a module is on for this user, in a group that switched off `groupOff` (every group
 * the request concerns; none for what concerns no group).
 */
export function isModuleEnabled(
  module: ModuleDefinition,
  choices: ModuleChoices,
  groupOff: ReadonlySet<string> = new Set(),
): boolean {
  if (module.status !== "ACTIVE") return false;
  if (isAlwaysOn(module)) return true;
  if (groupOff.has(module.id)) return false;
  return choices.get(module.id) ?? module.enabledByDefault;
}

/** The ids of the modules on for this user (and group). */
export function enabledModuleIds(
  choices: ModuleChoices,
  groupOff?: ReadonlySet<string>,
  modules: readonly ModuleDefinition[] = MODULES,
): Set<string> {
  const on = new Set(modules.filter((module) => isModuleEnabled(module, choices, groupOff)).map((module) => module.id));
  // A module is never on without its dependencies (a group may switch one off under another).
  for (let changed = true; changed;) {
    changed = false;
    for (const module of modules) {
      if (on.has(module.id) && !isAlwaysOn(module) && module.dependencies.some((id) => !on.has(id))) {
        on.delete(module.id);
        changed = true;
      }
    }
  }
  return on;
}

const names = (modules: readonly ModuleDefinition[]) => modules.map((module) => module.name).join(", ");

/** Why a module cannot be switched on now (null: it can). */
export function enableRefusal(
  module: ModuleDefinition,
  enabled: ReadonlySet<string>,
  modules: readonly ModuleDefinition[] = MODULES,
): string | null {
  if (module.status !== "ACTIVE") return `${module.name} is not available on this server right now.`;
  const missing = module.dependencies
    .filter((id) => id !== IMPLIED_DEPENDENCY && !enabled.has(id))
    .map((id) => findModule(id, modules)!);
  return missing.length ? `This module requires the following modules to be enabled first: ${names(missing)}` : null;
}

/** Why a module cannot be switched off now (null: it can). */
export function disableRefusal(
  module: ModuleDefinition,
  enabled: ReadonlySet<string>,
  modules: readonly ModuleDefinition[] = MODULES,
): string | null {
  if (isAlwaysOn(module)) return alwaysOnMessage(module);
  const dependents = modules.filter((other) => enabled.has(other.id) && other.dependencies.includes(module.id));
  return dependents.length
    ? `Cannot disable this module because the following modules depend on it: ${names(dependents)}`
    : null;
}

export function alwaysOnMessage(module: ModuleDefinition): string {
  return module.isCore ? "Core modules cannot be disabled" : `${module.name} is always on and cannot be disabled`;
}

/**
 * Throws unless every id is unique, every dependency names a module, and no module depends on
 * itself through others: checked when the server starts and by a unit test.
 */
export function checkModuleRegistry(modules: readonly ModuleDefinition[] = MODULES): void {
  const byId = new Map<string, ModuleDefinition>();
  for (const module of modules) {
    if (byId.has(module.id)) throw new Error(`Module ${module.id} is registered twice`);
    byId.set(module.id, module);
  }
  for (const module of modules) {
    for (const dependency of module.dependencies) {
      if (!byId.has(dependency)) throw new Error(`Module ${module.id} depends on unknown module ${dependency}`);
    }
  }
  const done = new Set<string>();
  const visit = (id: string, path: string[]) => {
    if (path.includes(id)) throw new Error(`Module dependencies form a cycle: ${[...path, id].join(" -> ")}`);
    if (done.has(id)) return;
    for (const dependency of byId.get(id)!.dependencies) visit(dependency, [...path, id]);
    done.add(id);
  };
  for (const module of modules) visit(module.id, []);
}
