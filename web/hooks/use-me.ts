import { useEffect, useSyncExternalStore } from "react";
import type { Me } from "../../domain/auth";
import { getMe } from "../api/auth";
import { takeEmbeddedJson } from "../api/embedded-json";
import { ApiRequestError } from "../api/http";
import { queryClient } from "../api/query-client";
import { browserLocale, setProfileLocale } from "../stores/time-locale";
// IndexedDB (Dexie) loads only when there is an account to remember: a visitor never needs it.
const offlineAccount = () => import("../offline/persist");
const rememberMe = (me: Me | null) => offlineAccount().then((module) => module.rememberMe(me));
const lastKnownMe = () => offlineAccount().then((module) => module.lastKnownMe());

const embedded = embeddedSession();
/** undefined: not asked yet; null: signed out. Known before the first render when the page says. */
let current: Me | null | undefined = embedded?.user;
setProfileLocale(current?.locale);
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(value: Me | null | undefined): void {
  current = value;
  setProfileLocale(value?.locale);
  for (const listener of listeners) listener();
}

/**
 * The server's answer embedded in the page (script#session, the body of GET /api/auth/session),
 * read once: the first render knows whose page it is without a round trip. Absent under Vite's
 * dev server.
 */
function embeddedSession(): { user: Me | null } | undefined {
  const parsed = takeEmbeddedJson("session");
  return parsed && typeof parsed === "object" && "user" in parsed ? (parsed as { user: Me | null }) : undefined;
}

/**
 * Without network the server cannot say who is signed in; the account last seen on this device
 * is used until it can (offline start). A server that answers is always believed, but a 5xx is
 * no answer about the session (503 while its database is down): the same as no network.
 */
function load(): void {
  if (pending) return;
  if (embedded) {
    pending = Promise.resolve();
    void rememberMe(embedded.user).catch(() => undefined);
    return;
  }
  pending = getMe().then(
    (value) => {
      set(value);
      void rememberMe(value).catch(() => undefined);
    },
    async (error: unknown) => set(error instanceof ApiRequestError && error.status < 500 ? null : await lastKnownMe()),
  );
}

/** Whether the page came saying that someone is signed in (before any request). */
export const signedInAtStart = (): boolean => Boolean(embedded?.user);

/** Who is signed in, once known (the same one request as useMe). */
export async function whenMeKnown(): Promise<Me | null> {
  load();
  await pending;
  return current ?? null;
}

/** After sign-out: everyone showing the user sees "signed out" at once, and no cached data of theirs stays. */
export function forgetMe(): void {
  pending = Promise.resolve();
  queryClient.clear();
  set(null);
  void rememberMe(null).catch(() => undefined);
}

/** After a change to the profile: the header shows the new name and avatar. */
export function refreshMe(): void {
  pending = getMe().then(
    (value) => {
      set(value);
      void rememberMe(value).catch(() => undefined);
    },
    () => undefined,
  );
}

/** undefined while loading, null when signed out. One request per page load, shared by all callers. */
export function useMe(): Me | null | undefined {
  const me = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // Rendered at build time: the page as a visitor sees it.
    () => null,
  );
  useEffect(load, []);
  return me;
}

/** The locale to write times in: the profile's language (emails and pushes use it too), else the browser's. */
export function useTimeLocale(): string {
  return useMe()?.locale ?? browserLocale();
}
