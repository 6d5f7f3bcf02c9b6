import { NO_PROMPTS, PUSH_PROMPT_STORAGE_KEY, type PromptHistory } from "../../domain/push-prompt";
import { apiFetch } from "../api/http";
import { messageServiceWorker, readyServiceWorker } from "./service-worker";

/**
 * Web push on this device: the browser's permission, its subscription with the
 * instance's key, and the server's record of it.
 */
export type PushState = "unsupported" | "denied" | "default" | "granted";

export function pushState(): PushState {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission;
}

/** The VAPID key as PushManager wants it (bytes, from the base64url the server sends). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Subscribes this browser (or takes its existing subscription) and stores it on the server, then
 * tells the worker (spec PUSH_SUBSCRIPTION_UPDATE). Needs the permission granted.
 */
export async function subscribeThisDevice(): Promise<void> {
  const registration = await readyServiceWorker();
  const { publicKey } = await apiFetch<{ publicKey: string }>("/api/push/public-key");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await apiFetch<void>("/api/push-subscriptions", { method: "PUT", body: { endpoint, keys } });
  await messageServiceWorker({ type: "PUSH_SUBSCRIPTION_UPDATE", subscription: endpoint }).catch(() => undefined);
}

/** Asks the browser (it shows its own prompt), then subscribes. Returns the permission it ended with. */
export async function turnOnPush(): Promise<PushState> {
  if (pushState() === "unsupported") return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "granted") await subscribeThisDevice();
  return permission;
}

export async function turnOffPush(): Promise<void> {
  const registration = await readyServiceWorker();
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await apiFetch<void>("/api/push-subscriptions", {
    method: "DELETE",
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

export async function isSubscribed(): Promise<boolean> {
  if (pushState() !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

export function readPromptHistory(): PromptHistory {
  try {
    const parsed = JSON.parse(localStorage.getItem(PUSH_PROMPT_STORAGE_KEY) ?? "null") as PromptHistory | null;
    return parsed && typeof parsed.count === "number" ? parsed : NO_PROMPTS;
  } catch {
    return NO_PROMPTS;
  }
}

export function writePromptHistory(history: PromptHistory): void {
  try {
    localStorage.setItem(PUSH_PROMPT_STORAGE_KEY, JSON.stringify(history));
  } catch {
    // Storage refused: the suggestion may come again sooner; nothing else depends on it.
  }
}
