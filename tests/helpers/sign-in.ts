import { expect } from "vitest";
import { HttpClient } from "./http-client.js";
import { linkIn, type SmtpSink } from "./smtp-sink.js";

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
  const { response: page, url } = await client.follow(startPath(options.next));
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

/** Where a browser begins the built-in sign-in, with the page to return to. */
function startPath(next: string | undefined): string {
  return next ? `/api/auth/sign-in/local?next=${encodeURIComponent(next)}` : "/api/auth/sign-in/local";
}

/**
 * Signs in at the built-in provider but stops where the provider sends the browser back to the
 * app: the callback URL (code, state, iss) is returned unused, for tests that tamper with it.
 */
export async function reachCallback(
  client: HttpClient,
  account: { email: string; password: string },
  options: { next?: string } = {},
): Promise<URL> {
  const { url } = await client.follow(startPath(options.next));
  const uid = url.pathname.split("/").pop();
  const submitted = await client.request(`/oidc/interaction/${uid}/login`, { json: account });
  let next = new URL(((await submitted.json()) as { redirectTo: string }).redirectTo, client.baseUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.pathname.startsWith("/api/auth/callback/")) return next;
    const response = await client.request(next.href);
    next = new URL(response.headers.get("location") ?? "", next);
  }
  throw new Error("the provider never sent the browser back to the app");
}

/** A new account through the built-in provider, signed in: its client and user id. */
export async function signUp(
  baseUrl: string,
  name: string,
  email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`,
): Promise<{ client: HttpClient; id: string }> {
  const { client } = await signInWithBuiltinProvider(baseUrl, { name, email, password: STRONG_PASSWORD });
  const { id } = (await (await client.request("/api/me")).json()) as { id: string };
  return { client, id };
}

/**
 * Sign-up where email delivery is configured (SMTP_URL): the form answers "check your email"
 * (202), the emailed link makes the account, and then the account signs in as any would.
 */
export async function signUpThroughEmail(
  baseUrl: string,
  sink: SmtpSink,
  account: { name: string; email: string; password: string },
): Promise<SignedIn> {
  const client = new HttpClient(baseUrl);
  const before = sink.received.length;
  const { url } = await client.follow("/api/auth/sign-in/local");
  const answer = await client.request(`${url.pathname}/signup`, { json: account });
  expect(answer.status, await answer.clone().text()).toBe(202);
  const mail = await sink.waitFor(
    (received) =>
      sink.received.indexOf(received) >= before &&
      received.recipients.includes(account.email.toLowerCase()) &&
      /^Confirm your email address/.test(received.parsed.subject ?? ""),
  );
  const token = linkIn(mail.parsed.text, `${baseUrl}/verify-email?token=`).searchParams.get("token");
  const finished = await client.request("/api/auth/verify-email", { json: { token } });
  expect(finished.status, await finished.clone().text()).toBe(200);
  return signInWithBuiltinProvider(baseUrl, account, { mode: "login", client });
}
