import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { ACCOUNT_EMAIL_MESSAGES } from "../../domain/account-email-messages.js";
import { AUTH_MESSAGES } from "../../domain/auth-messages.js";
import { CLOSE_CODES } from "../../domain/realtime.js";
import { hashPassword } from "../../server/services/accounts/passwords.js";
import { hashToken, randomToken } from "../../server/services/tokens.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUpThroughEmail, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { linkIn, type ReceivedMail, type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const NEW_PASSWORD = "copper-lantern-meadow-41";
// A name with markup in it: the HTML body must show it as text.
const ADA = { name: "Ada <b>Lovelace</b> & Co", email: "ada@example.org", password: STRONG_PASSWORD };
const GRACE = { name: "Grace Hopper", email: "grace@example.org", password: STRONG_PASSWORD };

describeEachDialect("email of local accounts, sent through a real SMTP server", (_dialect, createDatabase) => {
  const web = createWebFixture();
  let sink: SmtpSink;
  let database: TestDatabase;
  let server: RunningServer;
  const base = () => server.baseUrl;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createDatabase();
    server = await startServer(database, {
      WEB_DIST_DIR: web.dir,
      SMTP_URL: sink.url,
      MAIL_FROM: "Tandem <no-reply@tandem.test>",
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await sink?.close();
    web.remove();
  });

  const to = (address: string, subject: RegExp) => (mail: ReceivedMail) =>
    mail.recipients.includes(address) && subject.test(mail.parsed.subject ?? "");
  const post = (client: HttpClient, path: string, json: unknown) => client.request(path, { json });
  const me = async (client: HttpClient) =>
    (await client.request("/api/me")).json() as Promise<{ emailVerified: boolean }>;

  /** The built-in provider's password form, posted directly: 200 when the credentials are right. */
  async function tryPassword(email: string, password: string): Promise<number> {
    const client = new HttpClient(base());
    const { url } = await client.follow("/api/auth/sign-in/local");
    const uid = url.pathname.split("/").pop();
    return (await client.request(`/oidc/interaction/${uid}/login`, { json: { email, password } })).status;
  }

  /** The built-in provider's sign-up form, posted directly. */
  async function postSignUp(account: { name: string; email: string; password: string }) {
    const client = new HttpClient(base());
    const { url } = await client.follow("/api/auth/sign-in/local");
    const response = await client.request(`${url.pathname}/signup`, { json: account });
    return { client, status: response.status, body: await response.text() };
  }

  it("signs up by email: nothing is usable before the link; the link makes the account with its address confirmed", async () => {
    const signUp = await postSignUp(ADA);
    expect(signUp.status).toBe(202);
    expect(JSON.parse(signUp.body)).toEqual({ message: AUTH_MESSAGES.signUpEmailed });
    expect(signUp.client.cookie("tandem_session")).toBeUndefined();
    // The password just chosen does not work yet: it cannot tell whether the address was new.
    expect(await tryPassword(ADA.email, ADA.password)).toBe(401);

    const mail = await sink.waitFor(to(ADA.email, /^Confirm your email address/));
    expect(mail.authUser).toBe("tandem");
    expect(mail.parsed.from?.value).toEqual([{ name: "Tandem", address: "no-reply@tandem.test" }]);
    const link = linkIn(mail.parsed.text, `${base()}/verify-email?token=`);
    const html = String(mail.parsed.html);
    expect(html).toContain(`href="${link.href}"`);
    expect(mail.parsed.text).toContain("To finish creating your Tandem account");
    // The name was chosen by whoever signed up, not by the mailbox's owner: it stays out.
    expect(mail.parsed.text).toMatch(/^Hello,\n/);
    expect(html).not.toContain("Lovelace");
    expect(mail.parsed.text).not.toContain("Lovelace");

    // Opening the link only shows the page; the page's POST makes the account.
    expect((await signUp.client.request(link.pathname + link.search)).status).toBe(200);
    expect(await accountId(ADA.email)).toBeUndefined();
    const confirmed = await post(new HttpClient(base()), "/api/auth/verify-email", {
      token: link.searchParams.get("token"),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: ADA.email, newAccount: true });
    const again = await post(signUp.client, "/api/auth/verify-email", { token: link.searchParams.get("token") });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: { code: "gone", message: ACCOUNT_EMAIL_MESSAGES.linkInvalid } });

    const next = await signInWithBuiltinProvider(base(), ADA, { mode: "login" });
    expect(await me(next.client)).toMatchObject({ name: ADA.name, emailVerified: true });
    const user = await server.app.deps.repositories.users.findByIdentity(
      `${base()}/oidc`,
      (await accountId(ADA.email))!,
    );
    expect(user?.emailVerified).toBe(true);
  });

  it("answers a sign-up with a taken address exactly as with a new one, and tells the address's owner", async () => {
    const before = await server.app.deps.repositories.localAccounts.findByEmail(ADA.email);
    const taken = await postSignUp({ name: "Not Ada", email: "ADA@example.org", password: NEW_PASSWORD });
    const fresh = await postSignUp({ name: "Nora New", email: "nora@example.org", password: NEW_PASSWORD });
    expect(taken.status).toBe(202);
    expect(taken.body).toBe(fresh.body);

    const notice = await sink.waitFor(to(ADA.email, /^You already have a Tandem account/));
    // It goes to an existing account only, so it greets by that account's name, as text.
    expect(notice.parsed.text).toMatch(/^Hello Ada <b>Lovelace<\/b> & Co,\n/);
    expect(String(notice.parsed.html)).toContain("Hello Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co,");
    expect(notice.parsed.text).toContain(`${base()}/login`);
    await sink.waitFor(to("nora@example.org", /^Confirm your email address/));
    // Nothing about Ada's account changed.
    expect(await server.app.deps.repositories.localAccounts.findByEmail(ADA.email)).toEqual(before);

    // Of two sign-ups waiting for the same address, the link used first makes the account.
    const second = await postSignUp({ name: "Nora Again", email: "nora@example.org", password: STRONG_PASSWORD });
    expect(second.body).toBe(fresh.body);
    await server.app.deps.mailer.settled();
    const links = sink.received
      .filter(to("nora@example.org", /^Confirm/))
      .map((mail) => linkIn(mail.parsed.text, `${base()}/verify-email?token=`).searchParams.get("token"));
    expect(links).toHaveLength(2);
    const visitor = new HttpClient(base());
    expect((await post(visitor, "/api/auth/verify-email", { token: links[1] })).status).toBe(200);
    expect((await post(visitor, "/api/auth/verify-email", { token: links[0] })).status).toBe(410);
    expect(await tryPassword("nora@example.org", STRONG_PASSWORD)).toBe(200);
  });

  it("mails at most three sign-ups an hour to one address, and says so like every mail limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await postSignUp({ name: "Max", email: "max@example.org", password: NEW_PASSWORD })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await postSignUp({ name: "Max", email: "max@example.org", password: NEW_PASSWORD });
    expect(JSON.parse(limited.body)).toEqual({
      error: { code: "rate_limited", message: ACCOUNT_EMAIL_MESSAGES.tooManyEmails },
    });
  });

  it("sends a signed-in user with an unconfirmed address a new link, three an hour", async () => {
    // An account made before SMTP_URL was set: signed in at once, its address unconfirmed.
    const now = new Date().toISOString();
    await server.app.deps.repositories.localAccounts.insert({
      id: randomUUID(),
      email: GRACE.email,
      name: GRACE.name,
      passwordHash: await hashPassword(GRACE.password),
      emailVerifiedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const { client } = await signInWithBuiltinProvider(base(), GRACE, { mode: "login" });

    const resent = await post(client, "/api/auth/verify-email/resend", {});
    expect(resent.status).toBe(202);
    expect(await resent.json()).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.verificationSent });
    const first = await sink.waitFor(to(GRACE.email, /^Confirm/));
    expect((await post(client, "/api/auth/verify-email/resend", {})).status).toBe(202);
    const second = await sink.waitFor((mail) => to(GRACE.email, /^Confirm/)(mail) && mail !== first);
    expect(linkIn(second.parsed.text, base()).href).not.toBe(linkIn(first.parsed.text, base()).href);
    expect(second.parsed.text).not.toContain("To finish creating");

    expect((await post(client, "/api/auth/verify-email/resend", {})).status).toBe(202);
    const limited = await post(client, "/api/auth/verify-email/resend", {});
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: ACCOUNT_EMAIL_MESSAGES.tooManyEmails },
    });

    expect((await post(new HttpClient(base()), "/api/auth/verify-email/resend", {})).status).toBe(401);
    const ada = await signInWithBuiltinProvider(base(), ADA, { mode: "login" });
    const verified = await post(ada.client, "/api/auth/verify-email/resend", {});
    expect(verified.status).toBe(409);
    expect(await verified.json()).toMatchObject({ error: { message: ACCOUNT_EMAIL_MESSAGES.alreadyVerified } });
  });

  it("resets a forgotten password by email: the old password stops working, every session ends, the link works once", async () => {
    const { client: signedIn } = await signInWithBuiltinProvider(base(), ADA, { mode: "login" });
    expect((await signedIn.request("/api/me")).status).toBe(200);

    const visitor = new HttpClient(base());
    const known = await post(visitor, "/api/auth/forgot-password", { email: "ADA@example.org" });
    const unknown = await post(visitor, "/api/auth/forgot-password", { email: "nobody@example.org" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.resetRequested });

    const mail = await sink.waitFor(to(ADA.email, /^Reset your Tandem password/));
    await server.app.deps.mailer.settled();
    expect(sink.received.some((received) => received.recipients.includes("nobody@example.org"))).toBe(false);
    const token = linkIn(mail.parsed.text, `${base()}/reset-password?token=`).searchParams.get("token")!;
    expect(String(mail.parsed.html)).toContain(`/reset-password?token=${token}`);
    // This mail goes to an existing account only, so it greets by name: as text in the HTML body.
    expect(mail.parsed.text).toMatch(/^Hello Ada <b>Lovelace<\/b> & Co,\n/);
    expect(String(mail.parsed.html)).toContain("Hello Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co,");
    expect(String(mail.parsed.html)).not.toContain("<b>Lovelace</b>");

    const check = await post(visitor, "/api/auth/reset-password/check", { token });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ email: ADA.email, name: ADA.name });

    // A refused password leaves the link usable.
    const weak = await post(visitor, "/api/auth/reset-password", { token, password: "password1" });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
      /^This password is too easy to guess\./,
    );

    const reset = await post(visitor, "/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.passwordChanged });

    expect((await signedIn.request("/api/me")).status).toBe(401);
    expect(await tryPassword(ADA.email, STRONG_PASSWORD)).toBe(401);
    const fresh = await signInWithBuiltinProvider(base(), { ...ADA, password: NEW_PASSWORD }, { mode: "login" });
    expect((await fresh.client.request("/api/me")).status).toBe(200);

    for (const path of ["/api/auth/reset-password", "/api/auth/reset-password/check"]) {
      const reused = await post(visitor, path, { token, password: "another-quite-long-passphrase-77" });
      expect(reused.status, path).toBe(410);
      expect(await reused.json()).toEqual({ error: { code: "gone", message: ACCOUNT_EMAIL_MESSAGES.linkInvalid } });
    }
  });

  it("says when a link has expired, is unknown or is malformed", async () => {
    const id = (await accountId(GRACE.email))!;
    const past = new Date(Date.now() - 60_000).toISOString();
    const expired = { reset: randomToken(), verify: randomToken() };
    const tokens = server.app.deps.repositories.accountTokens;
    await tokens.insert({
      tokenHash: hashToken(expired.reset),
      accountId: id,
      purpose: "reset-password",
      createdAt: past,
      expiresAt: past,
    });
    await tokens.insert({
      tokenHash: hashToken(expired.verify),
      accountId: id,
      purpose: "verify-email",
      createdAt: past,
      expiresAt: past,
    });
    const visitor = new HttpClient(base());
    const gone = { error: { code: "gone", message: ACCOUNT_EMAIL_MESSAGES.linkExpired } };

    const check = await post(visitor, "/api/auth/reset-password/check", { token: expired.reset });
    expect(check.status).toBe(410);
    expect(await check.json()).toEqual(gone);
    const reset = await post(visitor, "/api/auth/reset-password", { token: expired.reset, password: NEW_PASSWORD });
    expect(reset.status).toBe(410);
    expect(await reset.json()).toEqual(gone);
    expect(await tryPassword(GRACE.email, NEW_PASSWORD)).toBe(401);

    const verify = await post(visitor, "/api/auth/verify-email", { token: expired.verify });
    expect(verify.status).toBe(410);
    expect(await verify.json()).toEqual(gone);

    // The link of a sign-up that waited too long makes no account.
    const signUpToken = randomToken();
    await server.app.deps.repositories.pendingSignUps.insert({
      tokenHash: hashToken(signUpToken),
      email: "late@example.org",
      name: "Late",
      passwordHash: "scrypt$1$1$1$x$y",
      createdAt: past,
      expiresAt: past,
    });
    const late = await post(visitor, "/api/auth/verify-email", { token: signUpToken });
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual(gone);
    expect(await accountId("late@example.org")).toBeUndefined();

    // A verification token is no reset token, and the other way round.
    const swapped = await post(visitor, "/api/auth/verify-email", { token: expired.reset });
    expect(swapped.status).toBe(410);
    expect(await swapped.json()).toMatchObject({ error: { message: ACCOUNT_EMAIL_MESSAGES.linkInvalid } });

    const unknown = await post(visitor, "/api/auth/verify-email", { token: randomToken() });
    expect(await unknown.json()).toEqual({ error: { code: "gone", message: ACCOUNT_EMAIL_MESSAGES.linkInvalid } });
    const malformed = await post(visitor, "/api/auth/reset-password/check", { token: "not a token" });
    expect(malformed.status).toBe(400);
  });

  it("answers a reset request the same for known and unknown emails, and limits it per address", async () => {
    const visitor = new HttpClient(base());
    for (const email of [GRACE.email, "nobody-else@example.org"]) {
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await post(visitor, "/api/auth/forgot-password", { email });
        answers.push(`${response.status} ${await response.text()}`);
      }
      expect(answers.slice(0, 3)).toEqual(
        Array(3).fill(`202 ${JSON.stringify({ message: ACCOUNT_EMAIL_MESSAGES.resetRequested })}`),
      );
      expect(answers[3]).toBe(
        `429 ${JSON.stringify({ error: { code: "rate_limited", message: ACCOUNT_EMAIL_MESSAGES.tooManyEmails } })}`,
      );
    }
    await server.app.deps.mailer.settled();
    expect(sink.received.filter(to(GRACE.email, /^Reset/))).toHaveLength(3);
    expect(sink.received.some((mail) => mail.recipients.includes("nobody-else@example.org"))).toBe(false);
  });

  it("keeps a name chosen at sign-up out of the confirmation email, and on one line in a reset email", async () => {
    // Anyone can sign up with anyone's address: the name must not let them write to that mailbox.
    const bait = { name: "Claim your prize\nhttps://prize.example/claim", email: "target@example.org" };
    expect((await postSignUp({ ...bait, password: STRONG_PASSWORD })).status).toBe(202);
    const confirmation = await sink.waitFor(to(bait.email, /^Confirm/));
    for (const body of [confirmation.parsed.text ?? "", String(confirmation.parsed.html)]) {
      expect(body).not.toContain("prize");
      expect(body).toContain(bait.email);
    }
    // Should the mailbox's owner open the link, the account exists, and a reset greets by its name.
    const token = linkIn(confirmation.parsed.text, `${base()}/verify-email?token=`).searchParams.get("token");
    expect((await post(new HttpClient(base()), "/api/auth/verify-email", { token })).status).toBe(200);

    expect((await post(new HttpClient(base()), "/api/auth/forgot-password", { email: bait.email })).status).toBe(202);
    const reset = await sink.waitFor(to(bait.email, /^Reset/));
    expect(reset.parsed.text!.split("\n")[0]).toBe("Hello Claim your prize https://prize.example/claim,");
    expect(String(reset.parsed.html)).toContain("<p>Hello Claim your prize https://prize.example/claim,</p>");
  });

  it("ends every credential of the account on a password reset, API tokens and their sockets too", async () => {
    // Someone who learnt the password (or signed up first with the victim's address, where an
    // instance has no email delivery) keeps an API token.
    const victim = { name: "Victor", email: "victor@example.org", password: STRONG_PASSWORD };
    const { client: attacker } = await signUpThroughEmail(base(), sink, victim);
    const created = await attacker.request("/api/tokens", { json: { name: "kept" } });
    const { token } = (await created.json()) as { token: string };
    const bearer = () => fetch(`${base()}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await bearer()).status).toBe(200);
    const socket = await openSocket({ authorization: `Bearer ${token}` });
    const socketClosed = new Promise<number>((resolve) => socket.once("close", resolve));

    // The mailbox's owner takes the account back with "Forgot password?".
    const visitor = new HttpClient(base());
    expect((await post(visitor, "/api/auth/forgot-password", { email: victim.email })).status).toBe(202);
    const mail = await sink.waitFor(to(victim.email, /^Reset/));
    const reset = await post(visitor, "/api/auth/reset-password", {
      token: resetTokenIn(mail),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);

    expect((await bearer()).status).toBe(401);
    expect(await socketClosed).toBe(CLOSE_CODES.signedOut);
    expect((await attacker.request("/api/me")).status).toBe(401);
    const owner = await signInWithBuiltinProvider(base(), { ...victim, password: NEW_PASSWORD }, { mode: "login" });
    expect(await (await owner.client.request("/api/tokens")).json()).toEqual([]);
  });

  it("changes a signed-in user's password: other browsers and their pushes end, this one stays, the address is told", async () => {
    const pat = { name: "Pat", email: "pat@example.org", password: STRONG_PASSWORD };
    const { client: here } = await signUpThroughEmail(base(), sink, pat);
    const { client: elsewhere } = await signInWithBuiltinProvider(base(), pat, { mode: "login" });
    const keys = {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    for (const [client, endpoint] of [
      [here, "https://push.example.org/pat-here"],
      [elsewhere, "https://push.example.org/pat-elsewhere"],
    ] as const) {
      expect(
        (await client.request("/api/push-subscriptions", { method: "PUT", json: { endpoint, keys } })).status,
      ).toBe(204);
    }
    const { token } = (await (await here.request("/api/tokens", { json: { name: "script" } })).json()) as {
      token: string;
    };
    const change = (client: HttpClient, currentPassword: string, newPassword: string) =>
      client.request("/api/account/password", { json: { currentPassword, newPassword } });
    const message = async (response: Response) =>
      ((await response.json()) as { error: { message: string } }).error.message;

    // Refused, and nothing changes: a weak or unchanged new password, a wrong current one, an API token.
    const weak = await change(here, STRONG_PASSWORD, "password1");
    expect(weak.status).toBe(400);
    expect(await message(weak)).toMatch(/^This password is too easy to guess\./);
    const same = await change(here, STRONG_PASSWORD, STRONG_PASSWORD);
    expect([same.status, await message(same)]).toEqual([400, ACCOUNT_EMAIL_MESSAGES.samePassword]);
    const wrong = await change(here, "not-my-password-at-all", NEW_PASSWORD);
    expect([wrong.status, await message(wrong)]).toEqual([400, ACCOUNT_EMAIL_MESSAGES.wrongCurrentPassword]);
    const byToken = await fetch(`${base()}/api/account/password`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD }),
    });
    expect(byToken.status).toBe(403);
    expect((await elsewhere.request("/api/me")).status).toBe(200);

    const changed = await change(here, STRONG_PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.passwordChangedSignedIn });
    expect((await here.request("/api/me")).status).toBe(200);
    expect((await elsewhere.request("/api/me")).status).toBe(401);
    const pushes = await server.database.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("endpoint", "like", "%/pat-%")
      .execute();
    expect(pushes.map((row) => row.endpoint)).toEqual(["https://push.example.org/pat-here"]);
    expect((await fetch(`${base()}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await tryPassword(pat.email, STRONG_PASSWORD)).toBe(401);
    expect(await tryPassword(pat.email, NEW_PASSWORD)).toBe(200);
    const notice = await sink.waitFor(to(pat.email, /^Your Tandem password was changed$/));
    expect(notice.parsed.text).toContain(`${base()}/login`);

    // Guessing the current password meets sign-in's limit (its counters): ten failed tries, then no more.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await change(here, `wrong-guess-${attempt}`, "another-quite-long-passphrase-77")).status).toBe(400);
    }
    const limited = await change(here, NEW_PASSWORD, "another-quite-long-passphrase-77");
    expect([limited.status, await message(limited)]).toEqual([429, AUTH_MESSAGES.tooManyAttempts]);
    expect(await tryPassword(pat.email, NEW_PASSWORD)).toBe(429);
  });

  it("lets only the newest reset link work, and of two resets sent at once with it exactly one", async () => {
    const lin = { name: "Lin", email: "lin@example.org", password: STRONG_PASSWORD };
    await signUpThroughEmail(base(), sink, lin);
    const visitor = new HttpClient(base());
    const isReset = to(lin.email, /^Reset/);
    expect((await post(visitor, "/api/auth/forgot-password", { email: lin.email })).status).toBe(202);
    const first = await sink.waitFor(isReset);
    expect((await post(visitor, "/api/auth/forgot-password", { email: lin.email })).status).toBe(202);
    const second = await sink.waitFor((mail) => isReset(mail) && mail !== first);
    const [older, newer] = [resetTokenIn(first), resetTokenIn(second)];
    expect(newer).not.toBe(older);

    const invalid = { error: { code: "gone", message: ACCOUNT_EMAIL_MESSAGES.linkInvalid } };
    for (const path of ["/api/auth/reset-password/check", "/api/auth/reset-password"]) {
      const stale = await post(visitor, path, { token: older, password: NEW_PASSWORD });
      expect(stale.status, path).toBe(410);
      expect(await stale.json()).toEqual(invalid);
    }
    expect(await tryPassword(lin.email, NEW_PASSWORD)).toBe(401);

    const passwords = [NEW_PASSWORD, "another-quite-long-passphrase-77"];
    const answers = await Promise.all(
      passwords.map((password) => post(new HttpClient(base()), "/api/auth/reset-password", { token: newer, password })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const loser = answers.findIndex((answer) => answer.status === 410);
    expect(await answers[loser]!.json()).toEqual(invalid);
    // The password of the request that went through is the one that works.
    expect(await tryPassword(lin.email, passwords[1 - loser]!)).toBe(200);
    expect(await tryPassword(lin.email, passwords[loser]!)).toBe(401);
  });

  function resetTokenIn(mail: ReceivedMail): string {
    return linkIn(mail.parsed.text, `${base()}/reset-password?token=`).searchParams.get("token")!;
  }

  /** A WebSocket to /api/ws, resolved once the server has greeted it. */
  function openSocket(headers: Record<string, string>): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base().replace(/^http/, "ws")}/api/ws`, { headers });
      socket.once("message", () => resolve(socket));
      socket.once("unexpected-response", (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
      socket.once("error", reject);
    });
  }

  async function accountId(email: string): Promise<string | undefined> {
    return (await server.app.deps.repositories.localAccounts.findByEmail(email))?.id;
  }
});
