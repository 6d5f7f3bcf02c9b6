import { randomUUID } from "node:crypto";
import { personalGroupName } from "../../../domain/groups.js";
import { MODULES } from "../../../domain/modules.js";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../../domain/notification-settings.js";
import { DEFAULT_SETTINGS } from "../../../domain/settings.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";

export interface UserSetup {
  personalGroupId: string;
}

/**
 * initial-user-setup (docs/api.md): profile, personal group with its default categories, settings,
 * notification settings and module preferences. Safe to run any number of times and at the same
 * time: each step inserts only what is missing, keyed so that a racing duplicate is a no-op.
 * Nothing existing is overwritten, so a renamed profile or changed setting survives a re-run.
 */
export async function ensureUserSetup(deps: AppDeps, user: User, now = new Date()): Promise<UserSetup> {
  const at = now.toISOString();
  const { profiles, groups, categories, preferences } = deps.repositories;
  await profiles.insertIfMissing(user.id, user.name, at);
  const profile = await profiles.find(user.id);
  const group = await groups.insertPersonalIfMissing(
    randomUUID(),
    user.id,
    personalGroupName(profile?.displayName ?? user.name),
    at,
  );
  await groups.addMemberIfMissing(group.id, user.id, "owner", at);
  await categories.insertDefaultsIfMissing(group.id, at);
  await preferences.insertSettingsIfMissing(user.id, DEFAULT_SETTINGS, at);
  await preferences.insertNotificationSettingsIfMissing(user.id, DEFAULT_NOTIFICATION_SETTINGS, at);
  await preferences.insertModulePreferencesIfMissing(
    user.id,
    MODULES.map((module) => ({ moduleId: module.id, enabled: true })),
    at,
  );
  return { personalGroupId: group.id };
}
