import { afterAll, beforeAll, expect, it } from "vitest";
import type { OutboxMessage, OutboxPage } from "../../domain/account-email.js";
import { describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const OLIVE = { name: "Olive Admin", email: "olive@example.org", password: STRONG_PASSWORD };
const PAT = { name: "Pat Member", email: "pat@example.org", password: STRONG_PASSWORD };
const NOT_FOUND = { error: { code: "not_found", message: "No such API endpoint." } };

describeEachDialect("the local outbox (no SMTP_URL), read by instance admins", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  const base = () => context.server.baseUrl;
  let admin: HttpClient;
  let member: HttpClient;

  beforeAll(async () => {
    // The first account on an instance is its admin.
    admin = (await signInWithBuiltinProvider(base(), OLIVE, { mode: "signup" })).client;
    member = (await signInWithBuiltinProvider(base(), PAT, { mode: "signup" })).client;
    await context.server.app.deps.mailer.settled();
  });

  async function outbox(client: HttpClient, query = ""): Promise<OutboxPage> {
    const response = await client.request(`/api/admin/outbox${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as OutboxPage;
  }

  it("keeps the confirmation emails in the outbox, newest first, for the admin to read", async () => {
    const page = await outbox(admin);
    expect(page.delivery).toBe("outbox");
    expect(page.nextCursor).toBeNull();
    expect(page.messages.map((message) => [message.to, message.subject])).toEqual([
      [PAT.email, "Confirm your email address for Tandem"],
      [OLIVE.email, "Confirm your email address for Tandem"],
    ]);
    const [pat] = page.messages as [OutboxMessage];
    expect(pat.text).toMatch(/^Hello,\n/);
    expect(pat.text).not.toContain(PAT.name);
    expect(pat.html).toContain("Confirm my email address");

    // The link read from the outbox works like one from a mailbox.
    const link = new URL(/(\S*\/verify-email\?token=\S+)/.exec(pat.text)![1]!);
    expect(link.origin).toBe(base());
    const verified = await member.request("/api/auth/verify-email", {
      json: { token: link.searchParams.get("token") },
    });
    expect(verified.status).toBe(200);
    expect(await (await member.request("/api/me")).json()).toMatchObject({ emailVerified: true });
  });

  it("answers 404 to a signed-in non-admin, exactly like a missing endpoint, and 401 to a visitor", async () => {
    const forbidden = await member.request("/api/admin/outbox");
    expect(forbidden.status).toBe(404);
    expect(await forbidden.json()).toEqual(NOT_FOUND);
    expect(await (await member.request("/api/admin/no-such-thing")).json()).toEqual(NOT_FOUND);

    const anonymous = await new HttpClient(base()).request("/api/admin/outbox");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: "unauthorized", message: "User not authenticated" } });
  });

  it("puts a password reset there too, and pages through the outbox with a cursor", async () => {
    const visitor = new HttpClient(base());
    expect((await visitor.request("/api/auth/forgot-password", { json: { email: PAT.email } })).status).toBe(202);
    expect((await visitor.request("/api/auth/forgot-password", { json: { email: "nobody@example.org" } })).status).toBe(
      202,
    );
    await context.server.app.deps.mailer.settled();

    const all = (await outbox(admin)).messages;
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ to: PAT.email, subject: "Reset your Tandem password" });
    expect(all[0]!.text).toContain(`${base()}/reset-password?token=`);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: OutboxPage = await outbox(admin, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.messages).toHaveLength(1);
      seen.push(page.messages[0]!.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((message) => message.id));

    expect((await admin.request("/api/admin/outbox?cursor=nonsense")).status).toBe(400);
    expect((await admin.request("/api/admin/outbox?limit=0")).status).toBe(400);
  });

  it("guards the /admin page: visitors sign in first, non-admins are told no, admins get it", async () => {
    const visitor = await new HttpClient(base()).request("/admin");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?next=%2Fadmin");
    expect((await member.request("/admin")).status).toBe(403);
    expect((await admin.request("/admin")).status).toBe(200);
  });

  it("serves the pages emailed links open, kept out of search engines", async () => {
    for (const path of ["/verify-email?token=abc", "/reset-password?token=abc", "/resetpassword"]) {
      const response = await fetch(base() + path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex">');
    }
  });
});
