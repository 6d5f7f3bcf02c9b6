import { type Settings, settingsSchema, type UpdateSettings } from "../../../domain/settings.js";
import { isNewerThemeChoice } from "../../../domain/theme.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";
import { applyOnce } from "../tasks/operations.js";

/**
 * The user's settings. Stored as JSON and read through the schema, so a setting added
 * in a later version appears with its default, and an unknown or broken stored value never
 * reaches the client.
 */
function parseStored(json: string | undefined): Settings {
  let stored: unknown;
  try {
    stored = json ? JSON.parse(json) : {};
  } catch {
    stored = {};
  }
  // Field by field: one bad value costs that setting alone, not the others.
  const kept: Record<string, unknown> = {};
  if (stored && typeof stored === "object") {
    for (const [key, field] of Object.entries(settingsSchema.shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if (value !== undefined && field.safeParse(value).success) kept[key] = value;
    }
  }
  return settingsSchema.parse(kept);
}

export async function getSettings(deps: AppDeps, user: User): Promise<Settings> {
  return parseStored(await deps.repositories.preferences.findSettingsJson(user.id));
}

/**
 * Changes only the fields given (field by field: two devices changing different settings both win).
 * The theme is taken only when it was chosen after the account's: a device that sends
 * the theme it had, or a change that waited in an offline queue, never undoes a newer choice made
 * elsewhere. The time a device gives is capped at now, so a clock running ahead cannot pin a theme.
 */
export async function updateSettings(deps: AppDeps, user: User, input: UpdateSettings): Promise<Settings> {
  const { operationId, themeUpdatedAt, ...changes } = input;
  const saved = await applyOnce(deps, user, operationId, 200, async ({ preferences }) => {
    const now = new Date().toISOString();
    const stored = parseStored(await preferences.findSettingsJson(user.id));
    const next = { ...stored, ...changes };
    if (changes.theme !== undefined) {
      const chosenAt =
        themeUpdatedAt !== undefined && Date.parse(themeUpdatedAt) < Date.parse(now) ? themeUpdatedAt : now;
      if (isNewerThemeChoice(chosenAt, stored.themeUpdatedAt)) next.themeUpdatedAt = new Date(chosenAt).toISOString();
      else next.theme = stored.theme;
    }
    await preferences.saveSettings(user.id, next, now);
    return next;
  });
  if (!saved.replayed) await tellUsers(deps, [user.id], { type: "settings.changed" });
  return saved.body;
}
