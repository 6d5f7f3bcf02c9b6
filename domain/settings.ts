import { z } from "zod";
import { storableText, storableTextCheck } from "./fields.js";
import { operationIdSchema } from "./operation-id.js";
import { DEFAULT_CATEGORY_IDS } from "./category-rules.js";
import { THEMES } from "./theme.js";

import { SOUND_THEMES } from "./settings-defaults.js";

export { DEFAULT_SETTINGS, SOUND_THEMES } from "./settings-defaults.js";

/**
 * A user's settings, synced between devices. Every field has its default here, so a
 * stored object written by an older version reads back complete.
 */
export const settingsSchema = z.object({
  showConfetti: z.boolean().default(true),
  /** Category ids offered first when adding a task. */
  defaultCategories: z
    .array(storableText().max(100))
    .max(50)
    .default([...DEFAULT_CATEGORY_IDS]),
  showCompletedTasks: z.boolean().default(true),
  soundEnabled: z.boolean().default(true),
  activeSoundTheme: z.enum(SOUND_THEMES).default("chime"),
  showCompletionAnimation: z.boolean().default(true),
  enableAssistantSearch: z.boolean().default(false),
  theme: z.enum(THEMES).default("system"),
  /** When the theme was chosen (ISO, UTC); null until someone chooses one. A change older than it is not taken. */
  themeUpdatedAt: z.iso.datetime().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A change to some settings; the rest keep their values. */
export const updateSettingsSchema = z
  .object({
    showConfetti: z.boolean(),
    defaultCategories: z.array(storableText().max(100)).max(50),
    showCompletedTasks: z.boolean(),
    soundEnabled: z.boolean(),
    activeSoundTheme: z.enum(SOUND_THEMES),
    showCompletionAnimation: z.boolean(),
    enableAssistantSearch: z.boolean(),
    theme: z.enum(THEMES),
    /** When the theme sent was chosen on the device (default: now); an older choice than the account's is not taken. */
    themeUpdatedAt: z.iso.datetime().check(storableTextCheck),
    operationId: operationIdSchema,
  })
  .partial()
  .strict();
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;
