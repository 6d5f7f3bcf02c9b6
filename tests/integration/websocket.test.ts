import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
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
});
