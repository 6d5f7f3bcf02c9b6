import { DEFAULT_CATEGORY_IDS } from "./category-rules.js";
import type { Settings } from "./settings.js";

/**
 * The settings' choices and defaults, without zod, for the web app's first page (domain/settings.ts
 * re-exports them; settings.test.ts checks the defaults are what its schema fills in).
 */
export const SOUND_THEMES = ["chime", "pop", "marimba"] as const;

export const DEFAULT_SETTINGS: Settings = {
  showConfetti: true,
  defaultCategories: [...DEFAULT_CATEGORY_IDS],
  showCompletedTasks: true,
  soundEnabled: true,
  activeSoundTheme: "chime",
  showCompletionAnimation: true,
  enableAssistantSearch: false,
  theme: "system",
  themeUpdatedAt: null,
};
