import type { Settings, SOUND_THEMES } from "../../domain/settings";

export type SoundTheme = (typeof SOUND_THEMES)[number];

/** What the browser says about the moment of completing: motion wanted, page on screen. */
export interface FeedbackEnvironment {
  /** prefers-reduced-motion: reduce. */
  reducedMotion: boolean;
  /** The page is not on screen (another tab, minimised): nothing is shown or heard. */
  hidden: boolean;
}

export interface FeedbackPlan {
  confetti: boolean;
  animation: boolean;
  /** The theme to play, or null for silence. */
  sound: SoundTheme | null;
}

export type FeedbackSettings = Pick<
  Settings,
  "showConfetti" | "showCompletionAnimation" | "soundEnabled" | "activeSoundTheme"
>;

/**
 * What completing a task shows and plays: the user's settings, minus motion when the device asks
 * for less of it, minus everything while the page is hidden (a sound from a background tab
 * startles; an animation there is never seen).
 */
export function planFeedback(settings: FeedbackSettings, environment: FeedbackEnvironment): FeedbackPlan {
  if (environment.hidden) return { confetti: false, animation: false, sound: null };
  return {
    confetti: settings.showConfetti && !environment.reducedMotion,
    animation: settings.showCompletionAnimation && !environment.reducedMotion,
    sound: settings.soundEnabled ? settings.activeSoundTheme : null,
  };
}
