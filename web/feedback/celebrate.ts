import { queryClient } from "../api/query-client";
import type { Settings } from "../../domain/settings";
import { DEFAULT_SETTINGS } from "../../domain/settings-defaults";
import { settingsKeys } from "../api/settings";
import type { Point } from "./confetti";
import { type FeedbackPlan, type FeedbackSettings, planFeedback } from "./feedback-plan";

/**
 * The confetti, the check mark and the sounds load once the browser is idle after the page's
 * first render, or at the first completion if that comes sooner: no page needs them to show
 * itself, and a completion rarely comes before the browser has been idle.
 */
const effects = () => import("./effects");
if (typeof requestIdleCallback === "function")
  requestIdleCallback(() => void effects().catch(() => undefined), { timeout: 10_000 });

export interface CelebrateOptions {
  /** Where it starts: a point, an element (its centre), or by default the focused element (the box just ticked). */
  origin?: Point | Element | null;
  /** Settings to use instead of the user's (the "Try it" button previews unsaved choices). */
  settings?: FeedbackSettings;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function centreOf(element: Element): Point | null {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return null;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

function resolveOrigin(origin: CelebrateOptions["origin"]): Point {
  const fallback = { x: window.innerWidth / 2, y: window.innerHeight * 0.6 };
  if (origin && "getBoundingClientRect" in origin) return centreOf(origin) ?? fallback;
  if (origin) return origin;
  const focused = document.activeElement;
  return focused && focused !== document.body ? (centreOf(focused) ?? fallback) : fallback;
}

/**
 * The feedback of completing a task: confetti, a check mark and a short sound, each as the user's
 * synced settings say; no motion for prefers-reduced-motion, nothing while the page is hidden.
 * Call it when the user completes a task (not for completions arriving from elsewhere).
 * Returns what it did, for tests and for the settings page to say so.
 */
export function celebrateCompletion(options: CelebrateOptions = {}): FeedbackPlan {
  const settings = options.settings ?? queryClient.getQueryData<Settings>(settingsKeys.all) ?? DEFAULT_SETTINGS;
  const plan = planFeedback(settings, {
    reducedMotion: reducedMotion(),
    hidden: document.visibilityState === "hidden",
  });
  if (!plan.confetti && !plan.animation && !plan.sound) return plan;
  // Where the user ticked, read now: the focus may move before the effects are in.
  const origin = plan.confetti || plan.animation ? resolveOrigin(options.origin) : null;
  void effects().then(
    ({ launchConfetti, showCheckAnimation, playSound }) => {
      if (origin && plan.confetti) launchConfetti(origin);
      if (origin && plan.animation) showCheckAnimation(origin);
      if (plan.sound) playSound(plan.sound);
    },
    // Effects that cannot load (offline before they were cached) are only decoration.
    () => undefined,
  );
  return plan;
}
