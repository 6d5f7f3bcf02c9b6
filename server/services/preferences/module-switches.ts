import type { ModuleState } from "../../../domain/module-state.js";
import {
  alwaysOnMessage,
  disableRefusal,
  enabledModuleIds,
  enableRefusal,
  findModule,
  isAlwaysOn,
} from "../../../domain/module-rules.js";
import { MODULES, type ModuleDefinition } from "../../../domain/modules.js";
import type { AppDeps } from "../../deps.js";
import { ForbiddenError, ModuleDisabledError, NotFoundError, ValidationError } from "../../errors.js";
import type { ModuleChoice } from "../../repositories/module-switch-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";
import { inTransaction } from "../transaction.js";

const choiceMap = (choices: readonly ModuleChoice[]) =>
  new Map(choices.map((choice) => [choice.moduleId, choice.enabled]));

/** The registry to read (a test passes its own to exercise dependencies the real one lacks) and the clock. */
export interface SwitchOptions {
  modules?: readonly ModuleDefinition[];
  now?: Date;
}

function moduleOrNotFound(moduleId: string, modules: readonly ModuleDefinition[] = MODULES): ModuleDefinition {
  const module = findModule(moduleId, modules);
  if (!module) throw new NotFoundError("Module not found");
  return module;
}

function statesOf(
  choices: readonly ModuleChoice[],
  groupOff?: ReadonlySet<string>,
  modules: readonly ModuleDefinition[] = MODULES,
): ModuleState[] {
  const enabled = enabledModuleIds(choiceMap(choices), groupOff, modules);
  const byId = new Map(choices.map((choice) => [choice.moduleId, choice]));
  return [...modules]
    .sort((a, b) => a.order - b.order)
    .map((module) => ({
      id: module.id,
      enabled: enabled.has(module.id),
      alwaysOn: isAlwaysOn(module),
      lockedReason: isAlwaysOn(module) ? alwaysOnMessage(module) : null,
      offInGroup: groupOff?.has(module.id) ?? false,
      lastToggled: byId.get(module.id)?.lastToggled ?? null,
    }));
}

/** Every module with whether it is on for this user (their own switches; /modules). */
export async function listUserModules(
  deps: AppDeps,
  user: User,
  { modules = MODULES }: SwitchOptions = {},
): Promise<ModuleState[]> {
  return statesOf(await deps.repositories.moduleSwitches.userChoices(user.id), undefined, modules);
}

/**
 * Switches a module on or off for this user. The rules are checked and the choice written in one
 * transaction holding the user's switches, so two tabs toggling at once are decided one after the
 * other and never leave a module on with a dependency off.
 */
export async function toggleUserModule(
  deps: AppDeps,
  user: User,
  moduleId: string,
  enabled: boolean,
  { modules = MODULES, now = new Date() }: SwitchOptions = {},
): Promise<ModuleState[]> {
  const module = moduleOrNotFound(moduleId, modules);
  if (isAlwaysOn(module)) throw new ValidationError(alwaysOnMessage(module));
  const states = await inTransaction(deps, async (repositories) => {
    await repositories.users.lock(user.id);
    const choices = await repositories.moduleSwitches.userChoices(user.id);
    const on = enabledModuleIds(choiceMap(choices), undefined, modules);
    const refusal = enabled ? enableRefusal(module, on, modules) : disableRefusal(module, on, modules);
    if (refusal) throw new ValidationError(refusal);
    await repositories.moduleSwitches.setUserChoice(user.id, module.id, enabled, now.toISOString());
    return statesOf(await repositories.moduleSwitches.userChoices(user.id), undefined, modules);
  });
  await tellUsers(deps, [user.id], { type: "modules.changed" });
  return states;
}

/** The ids of the modules on for this user, in these groups (each group's switches count). */
export async function enabledModulesFor(
  deps: AppDeps,
  userId: string,
  groupIds: readonly string[] = [],
): Promise<Set<string>> {
  const { moduleSwitches } = deps.repositories;
  const [choices, offInGroups] = await Promise.all([
    moduleSwitches.userChoices(userId),
    moduleSwitches.offInGroups(groupIds),
  ]);
  const groupOff = new Set([...offInGroups.values()].flatMap((modules) => [...modules]));
  return enabledModuleIds(choiceMap(choices), groupOff);
}

/** Throws ModuleDisabledError unless the module is on for this user (in these groups). */
export async function requireModule(
  deps: AppDeps,
  userId: string,
  moduleId: string,
  groupIds: readonly string[] = [],
): Promise<void> {
  if ((await enabledModulesFor(deps, userId, groupIds)).has(moduleId)) return;
  const module = moduleOrNotFound(moduleId);
  throw new ModuleDisabledError(
    groupIds.length > 0
      ? `The ${module.name} module is switched off for you or for this group.`
      : `The ${module.name} module is switched off. Switch it on in your modules to use this.`,
  );
}

async function groupRoleOrNotFound(deps: AppDeps, user: User, groupId: string) {
  const role = await deps.repositories.groups.memberRole(groupId, user.id);
  if (!role) throw new NotFoundError("Group not found");
  return role;
}

/** Every module with whether it is on for this user in this group, and which the group switched off. */
export async function listGroupModules(deps: AppDeps, user: User, groupId: string): Promise<ModuleState[]> {
  await groupRoleOrNotFound(deps, user, groupId);
  const { moduleSwitches } = deps.repositories;
  const [choices, off] = await Promise.all([
    moduleSwitches.userChoices(user.id),
    moduleSwitches.offInGroups([groupId]),
  ]);
  return statesOf(choices, off.get(groupId) ?? new Set());
}

/**
 * A group owner switches a module off (or back on) for everyone in the group. Switching one off
 * there also switches off, there, what depends on it (a module is never on without its
 * dependencies); always-on modules stay on.
 */
export async function toggleGroupModule(
  deps: AppDeps,
  user: User,
  groupId: string,
  moduleId: string,
  enabled: boolean,
  { now = new Date() }: SwitchOptions = {},
): Promise<ModuleState[]> {
  const module = moduleOrNotFound(moduleId);
  const role = await groupRoleOrNotFound(deps, user, groupId);
  if (role !== "owner") throw new ForbiddenError("Only the group owner can switch modules for the group");
  if (isAlwaysOn(module)) throw new ValidationError(alwaysOnMessage(module));
  const states = await inTransaction(deps, async (repositories) => {
    await repositories.moduleSwitches.lockGroup(groupId);
    if (enabled) await repositories.moduleSwitches.switchOnInGroup(groupId, module.id);
    else await repositories.moduleSwitches.switchOffInGroup(groupId, module.id, user.id, now.toISOString());
    const [choices, off] = await Promise.all([
      repositories.moduleSwitches.userChoices(user.id),
      repositories.moduleSwitches.offInGroups([groupId]),
    ]);
    return statesOf(choices, off.get(groupId) ?? new Set());
  });
  const members = await deps.repositories.groups.memberIds(groupId);
  await tellUsers(deps, members, { type: "modules.changed", groupId });
  return states;
}
