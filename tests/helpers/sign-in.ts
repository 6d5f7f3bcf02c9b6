import { expect } from "vitest";
import { HttpClient } from "./http-client.js";

export interface SignedIn {
  client: HttpClient;
  /** Where the app sent the browser after sign-in. */
  landedOn: string;
}

/**
 * Walks the whole built-in sign-in as a browser would: the app sends us to the provider, the
 * provider to its sign-in page, the form posts, the provider returns us to the app's callback.
 */
export async function signInWithBuiltinProvider(
  baseUrl: string,
  account: { name?: string; email: string; password: string },
  options: { mode: "signup" | "login"; next?: string; client?: HttpClient } = { mode: "signup" },
): Promise<SignedIn> {
  const client = options.client ?? new HttpClient(baseUrl);
  const start = options.next
    ? `/api/auth/sign-in/local?next=${encodeURIComponent(options.next)}`
    : "/api/auth/sign-in/local";
  const { response: page, url } = await client.follow(start);
  expect(page.status).toBe(200);
  const uid = /^\/oidc\/interaction\/([^/]+)$/.exec(url.pathname)?.[1];
  expect(uid, `expected the provider's sign-in page, got ${url.pathname}`).toBeTruthy();

  const submitted = await client.request(`/oidc/interaction/${uid}/${options.mode}`, { json: account });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  const { redirectTo } = (await submitted.json()) as { redirectTo: string };
  const { response: landed, url: landedOn } = await client.follow(redirectTo);
  expect(landed.status).toBeLessThan(500);
  return { client, landedOn: landedOn.pathname + landedOn.search };
}

export const STRONG_PASSWORD = "violet-harbour-kettle-93";
