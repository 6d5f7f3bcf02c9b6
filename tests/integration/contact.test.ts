import { afterAll, beforeAll, expect, it } from "vitest";
import type { ContactMessageView } from "../../domain/contact.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** Spec "contact": the contact form's endpoint, its spam defences and the admins' list. */
describeEachDialect("contact form", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, CONTACT_EMAIL: "operator@example.org" });
  let admin: HttpClient;
  let member: HttpClient;
  const send = (body: Record<string, unknown>) =>
    fetch(`${context.server.baseUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: context.server.baseUrl },
      body: JSON.stringify(body),
    });
  const listed = async (client: HttpClient) =>
    (await (await client.request("/api/admin/contact-messages")).json()) as ContactMessageView[];
  const message = {
    name: "Rosa Reader",
    email: "rosa@example.org",
    subject: "Export\r\nBcc: spam@example.org",
    message: "Can I get a copy of everything my family stored here?",
  };

  beforeAll(async () => {
    // The first account on an instance is its admin.
    admin = (await signUp(context.server.baseUrl, "Ada Admin")).client;
    member = (await signUp(context.server.baseUrl, "Max Member")).client;
  });

  it("keeps a message for the admins and emails it to CONTACT_EMAIL, with the subject on one line", async () => {
    const response = await send(message);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });

    const [saved] = await listed(admin);
    expect(saved).toMatchObject({ name: "Rosa Reader", email: "rosa@example.org", userId: null });
    expect(saved!.subject).toBe("Export Bcc: spam@example.org");
    expect(saved!.message).toBe(message.message);

    await context.server.app.deps.mailer.settled();
    const mail = await context.server.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", "operator@example.org")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Contact form: Export Bcc: spam@example.org (from Rosa Reader)");
    expect(mail.text_body).toContain("Rosa Reader <rosa@example.org> wrote");
    expect(mail.text_body).toContain(message.message);
  });

  it("refuses an incomplete message with a clear reason, and keeps nothing", async () => {
    const response = await send({ ...message, message: "Hi", email: "not-an-address" });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("validation_failed");
    expect(error.message).toMatch(/email address we can answer|at least 10 characters/);
    expect(await listed(admin)).toHaveLength(1);
  });

  it("answers a bot that filled in the hidden field as if it had worked, and drops its message", async () => {
    const response = await send({ ...message, name: "Bot", website: "https://spam.example" });
    expect(response.status).toBe(202);
    expect((await listed(admin)).map((saved) => saved.name)).toEqual(["Rosa Reader"]);
  });

  it("shows the messages to instance admins only: anyone else is told there is nothing there", async () => {
    expect((await member.request("/api/admin/contact-messages")).status).toBe(404);
    expect((await fetch(`${context.server.baseUrl}/api/admin/contact-messages`)).status).toBe(401);
  });

  it("limits how many messages one address may send in ten minutes", async () => {
    // Three of the five allowed went to the tests above.
    expect((await send(message)).status).toBe(202);
    expect((await send(message)).status).toBe(202);
    const limited = await send(message);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });
});
