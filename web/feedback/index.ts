/** Completion feedback: confetti, a check animation and a sound, as the user's settings say. */
export { celebrateCompletion, type CelebrateOptions } from "./celebrate";
export type { FeedbackPlan, SoundTheme } from "./feedback-plan";
export { playSound } from "./sound";
export { SOUND_THEME_LABELS } from "./sound-themes";
