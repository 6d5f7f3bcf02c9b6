import { useSyncExternalStore } from "react";

/** Chromium's install event (not in the DOM library: other browsers have no such prompt). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install prompt for a button of ours (the browser's own mini-bar is
 * suppressed: an install offer belongs where the user looks for it). Call once, early: the event
 * fires soon after load and only once.
 */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    changed();
  });
}

function isStandalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches;
}

export type InstallState = "available" | "installed" | "unavailable";

function state(): InstallState {
  if (installed || isStandalone()) return "installed";
  return deferred ? "available" : "unavailable";
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state,
    // Rendered at build time: no browser to ask yet.
    () => "unavailable",
  );
}

/** Shows the browser's install dialog; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === "accepted";
}
