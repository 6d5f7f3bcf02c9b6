import { useEffect } from "react";
import { mayPrompt, pushSetupDelay, PUSH_SETUP, recordPrompt } from "../../domain/push-prompt";
import { getNotificationSettings } from "../api/notifications";
import { isMobileDevice } from "../hooks/use-mobile";
import { notify } from "../stores/notifier";

let started = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The toasts' texts. */
export const PUSH_TOASTS = {
  disabled: {
    title: "Notifications disabled",
    description: "Please enable notifications in your browser settings to receive updates.",
  },
  retrying: {
    title: "Notification setup issue",
    description: "Having trouble connecting to notification service. Will retry automatically.",
  },
} as const;

/** Shown when the browser refused (on a phone the settings page explains it instead). */
export function toastPushDenied(): void {
  if (isMobileDevice()) return;
  notify.warning(PUSH_TOASTS.disabled.title, {
    id: "push-denied",
    description: PUSH_TOASTS.disabled.description,
    duration: 5_000,
  });
}

/**
 * Push setup, once per signed-in page load, after the core delay (1.5 s; 4 s on
 * a phone) and never in development: with permission granted, the subscription is stored (5 tries,
 * 1 s growing by half, at most 10 s apart); while the browser has not been asked, we suggest
 * turning notifications on, spaced out (domain/push-prompt.ts); when it refused, we say so once.
 */
export function usePushSetup(userId: string | undefined): void {
  useEffect(() => {
    if (!userId || started || import.meta.env.DEV) return;
    started = true;
    void (async () => {
      await sleep(isMobileDevice() ? 4_000 : 1_500);
      // Loaded now, not with the page: nothing of it is needed for the first render. A device that
      // went offline meanwhile, with no worker to serve the code, sets push up on its next load.
      const loaded = await import("./push").catch(() => null);
      if (!loaded) return;
      const { pushState, readPromptHistory, subscribeThisDevice, turnOnPush, writePromptHistory } = loaded;
      const state = pushState();
      // Push needs the worker in charge of the page (it registers on the first load).
      if (state === "unsupported" || !navigator.serviceWorker.controller) return;
      const settings = await getNotificationSettings().catch(() => null);
      if (!settings?.push_enabled) return;
      if (state === "granted") {
        for (let attempt = 0; attempt < PUSH_SETUP.attempts; attempt += 1) {
          try {
            await subscribeThisDevice();
            return;
          } catch {
            if (attempt === 1)
              notify.info(PUSH_TOASTS.retrying.title, {
                id: "push-retry",
                description: PUSH_TOASTS.retrying.description,
              });
            await sleep(pushSetupDelay(attempt));
          }
        }
        return;
      }
      if (state === "denied") return toastPushDenied();
      const history = readPromptHistory();
      if (!mayPrompt(history, Date.now())) return;
      writePromptHistory(recordPrompt(history, Date.now()));
      notify.info("Get notifications on this device?", {
        id: "push-suggestion",
        description: "Invitations and what happens to your tasks, even when Tandem is closed.",
        duration: 15_000,
        action: {
          label: "Turn on",
          onClick: () =>
            void turnOnPush().then(
              (result) => {
                if (result === "denied") toastPushDenied();
                else if (result === "granted") notify.success("Notifications are on for this device");
              },
              () =>
                notify.error("Service Worker Issue", {
                  description: "Push notification setup failed. Please clear your browser cache and try again.",
                }),
            ),
        },
      });
    })();
  }, [userId]);
}
