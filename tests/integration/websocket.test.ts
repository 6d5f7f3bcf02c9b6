import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

type Outcome = { opened: true; socket: WebSocket; first: unknown } | { opened: false; status: number };

/** Opens a socket and waits for the first message, or for the refusal of the upgrade. */
function connect(url: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once("message", (data) => resolve({ opened: true, socket, first: JSON.parse(data.toString()) }));
    socket.once("unexpected-response", (_request, response) =>
      resolve({ opened: false, status: response.statusCode! }),
    );
    socket.once("error", reject);
  });
}

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => socket.once("message", (data) => resolve(JSON.parse(data.toString()))));
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once("close", (code) => resolve(code)));
}

describeEachDialect("WebSocket channel /api/ws", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let adaId: string;
  const wsUrl = () => context.server.baseUrl.replace(/^http/, "ws") + "/api/ws";
  const cookieOf = (client: HttpClient) => `tandem_session=${client.cookie("tandem_session")}`;

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada"));
  });

  it("opens for a signed-in browser on our origin, greets the user and answers ping", async () => {
    const outcome = await connect(wsUrl(), { cookie: cookieOf(ada), origin: context.server.baseUrl });
    expect(outcome).toMatchObject({ opened: true, first: { type: "hello", userId: adaId } });
    if (!outcome.opened) return;
    outcome.socket.send(JSON.stringify({ type: "ping" }));
    expect(await nextMessage(outcome.socket)).toEqual({ type: "pong" });
    outcome.socket.send("not json");
    expect(await nextMessage(outcome.socket)).toEqual({ type: "error", message: "Messages must be JSON." });
    outcome.socket.close();
  });

  it("refuses a socket without credentials (401) and a cookie sent from another site (403)", async () => {
    expect(await connect(wsUrl(), { origin: context.server.baseUrl })).toEqual({ opened: false, status: 401 });
    expect(await connect(wsUrl(), { cookie: "tandem_session=forged", origin: context.server.baseUrl })).toEqual({
      opened: false,
      status: 401,
    });
    expect(await connect(wsUrl(), { cookie: cookieOf(ada), origin: "https://evil.example" })).toEqual({
      opened: false,
      status: 403,
    });
  });

  it("accepts an API token from a script without an Origin", async () => {
    const { token } = (await (await ada.request("/api/tokens", { json: { name: "ws" } })).json()) as { token: string };
    const outcome = await connect(wsUrl(), { authorization: `Bearer ${token}` });
    expect(outcome).toMatchObject({ opened: true, first: { type: "hello", userId: adaId } });
    if (outcome.opened) outcome.socket.close();
  });

  it("closes the socket of a session that signs out, with the signed-out code", async () => {
    const outcome = await connect(wsUrl(), { cookie: cookieOf(ada), origin: context.server.baseUrl });
    if (!outcome.opened) throw new Error("socket did not open");
    const code = closed(outcome.socket);
    expect((await ada.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect(await code).toBe(4001);
  });

  it("closes a socket when its API token or browser session is revoked, or the account deleted", async () => {
    const { client: grace } = await signUp(context.server.baseUrl, "Grace");
    const { id: tokenId, token } = (await (await grace.request("/api/tokens", { json: { name: "ws" } })).json()) as {
      id: string;
      token: string;
    };
    const byToken = await connect(wsUrl(), { authorization: `Bearer ${token}` });
    if (!byToken.opened) throw new Error("socket did not open");
    const tokenClosed = closed(byToken.socket);
    expect((await grace.request(`/api/tokens/${tokenId}`, { method: "DELETE" })).status).toBe(204);
    expect(await tokenClosed).toBe(4001);

    const { client: laptop } = await signInWithBuiltinProvider(
      context.server.baseUrl,
      { email: "grace@example.org", password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const bySession = await connect(wsUrl(), { cookie: cookieOf(laptop), origin: context.server.baseUrl });
    if (!bySession.opened) throw new Error("socket did not open");
    const sessionClosed = closed(bySession.socket);
    const sessions = (await (await grace.request("/api/sessions")).json()) as { id: string; current: boolean }[];
    const laptopSession = sessions.find((session) => !session.current)!;
    expect((await grace.request(`/api/sessions/${laptopSession.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await sessionClosed).toBe(4001);

    const last = await connect(wsUrl(), { cookie: cookieOf(grace), origin: context.server.baseUrl });
    if (!last.opened) throw new Error("socket did not open");
    const accountClosed = closed(last.socket);
    expect((await grace.request("/api/account", { method: "DELETE", json: { confirm: true } })).status).toBe(204);
    expect(await accountClosed).toBe(4001);
  });

  it("closes, at the next check, a socket whose session ended elsewhere (another server process)", async () => {
    const { client: linus } = await signUp(context.server.baseUrl, "Linus");
    const outcome = await connect(wsUrl(), { cookie: cookieOf(linus), origin: context.server.baseUrl });
    if (!outcome.opened) throw new Error("socket did not open");
    const code = closed(outcome.socket);
    const { client: other } = await signUp(context.server.baseUrl, "Other");
    const stillOpen = await connect(wsUrl(), { cookie: cookieOf(other), origin: context.server.baseUrl });
    if (!stillOpen.opened) throw new Error("socket did not open");

    const linusId = ((await (await linus.request("/api/me")).json()) as { id: string }).id;
    await context.server.database.db.deleteFrom("sessions").where("user_id", "=", linusId).execute();
    await context.server.app.deps.realtime.recheck(4001);
    expect(await code).toBe(4001);
    expect(stillOpen.socket.readyState).toBe(WebSocket.OPEN);
    stillOpen.socket.close();
  });
});
