import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantResponse, Conversation } from "../../domain/assistant/api.js";
import { ASSISTANT_MESSAGES } from "../../domain/assistant/api.js";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../server/env.js";
import { voiceAvailable } from "../../server/modules/assistant/transcriber.js";
import { MESSAGES } from "../../domain/errors.js";
import { readServerSentEvents } from "../../domain/server-sent-events.js";
import { ASSISTANT_LIMITS } from "../../server/modules/assistant/routes.js";
import { adminQuery, createSqliteDatabase, describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { type ModelServer, startModelServer, streamedToolCalls } from "../helpers/model-server.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

const CONTEXT = {
  tasks: [
    { id: "t-milk", title: "Buy milk", completed: false },
    { id: "t-mom", title: "Call mom", completed: false },
  ],
  categories: [
    { id: "work", label: "Work Tasks" },
    { id: "shopping", label: "Shopping List" },
  ],
};

async function ask(client: HttpClient, body: Record<string, unknown>): Promise<Response> {
  return client.request("/api/assistant", { json: { context: CONTEXT, ...body } });
}

async function error(response: Response): Promise<{ status: number; message: string }> {
  return {
    status: response.status,
    message: ((await response.json()) as { error: { message: string } }).error.message,
  };
}

/** The assistant module over HTTP, with no model configured: the rules answer. */
describeEachDialect("assistant without a model", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;

  beforeAll(async () => {
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Assistant"));
  });

  it("needs sign-in", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    expect((await ask(visitor, { message: "buy milk" })).status).toBe(401);
    expect((await visitor.request("/api/assistant/conversation")).status).toBe(401);
  });

  it("proposes actions from a message, keeps the conversation, and says what it can do", async () => {
    const response = await ask(ada, { message: "buy eggs and bread, then mark call mom as done" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as AssistantResponse;
    expect(answer.suggested_actions).toEqual([
      { type: "create_task", title: "Buy eggs", priority: "medium" },
      { type: "create_task", title: "Buy bread", priority: "medium" },
      { type: "complete_task", task_id: "t-mom" },
    ]);
    expect(answer.response).toMatch(/3 suggestions/);

    const follow = (await (
      await ask(ada, { message: "thanks", conversation_id: answer.conversation_id })
    ).json()) as AssistantResponse;
    expect(follow.conversation_id).toBe(answer.conversation_id);
    expect(follow.suggested_actions).toEqual([]);

    const latest = (await (await ada.request("/api/assistant/conversation")).json()) as { conversation: Conversation };
    expect(latest.conversation.messages.map((message) => [message.role, message.text])).toEqual([
      ["user", "buy eggs and bread, then mark call mom as done"],
      ["assistant", answer.response],
      ["user", "thanks"],
      ["assistant", follow.response],
    ]);
    const capabilities = (await (await ada.request("/api/assistant/capabilities")).json()) as Record<string, boolean>;
    expect(capabilities).toMatchObject({ model: false, search: false });
  });

  it("keeps the last 50 messages of a conversation", async () => {
    // A user of its own: 27 messages in a row come close to the limit a minute.
    const { client: nia } = await signUp(context.server.baseUrl, "Nia Notes");
    let conversationId: string | undefined;
    for (let turn = 1; turn <= 27; turn += 1) {
      const answer = (await (
        await ask(nia, { message: `note ${turn}`, conversation_id: conversationId })
      ).json()) as AssistantResponse;
      conversationId = answer.conversation_id;
    }
    const conversation = (await (await nia.request(`/api/conversations/${conversationId}`)).json()) as Conversation;
    expect(conversation.messages).toHaveLength(50);
    expect(conversation.messages[0]).toMatchObject({ role: "user", text: "note 3" });
    expect(conversation.messages.at(-2)).toMatchObject({ role: "user", text: "note 27" });
  });

  it("hides another user's conversation and refuses to add to it", async () => {
    const mine = (await (await ask(ada, { message: "walk the dog" })).json()) as AssistantResponse;
    const { client: eve } = await signUp(context.server.baseUrl, "Eve Assistant");
    expect((await eve.request(`/api/conversations/${mine.conversation_id}`)).status).toBe(404);
    expect(await error(await ask(eve, { message: "hi", conversation_id: mine.conversation_id }))).toEqual({
      status: 404,
      message: "Conversation not found",
    });
    expect((await eve.request("/api/conversations/not-a-uuid")).status).toBe(400);
  });

  it("refuses an empty message, a file that is not a photo, and a photo over 10 MB, with the spec's words", async () => {
    expect(await error(await ask(ada, { message: "   " }))).toEqual({ status: 400, message: ASSISTANT_MESSAGES.empty });
    expect(await error(await ask(ada, { message: "", image_data: "data:application/pdf;base64,JVBERi0=" }))).toEqual({
      status: 415,
      message: "Invalid file type",
    });
    const big = `data:image/png;base64,${"A".repeat(Math.ceil((10 * 1024 * 1024 * 4) / 3) + 8)}`;
    expect(await error(await ask(ada, { message: "", image_data: big }))).toEqual({
      status: 413,
      message: "File too large",
    });
  });

  it("serves the browser's text recognition files itself, to signed-in users only, and nothing else from its packages", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    expect((await visitor.request("/assistant-ocr/worker.min.js")).status).toBe(401);

    const worker = await ada.request("/assistant-ocr/worker.min.js", { headers: { "accept-encoding": "br" } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    // The worker compiles WebAssembly under its own script's policy, and loads nothing from elsewhere.
    expect(worker.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'",
    );
    expect((await worker.text()).length).toBeGreaterThan(10_000);

    const model = await ada.request("/assistant-ocr/eng.traineddata.gz");
    expect(model.status).toBe(200);
    expect(model.headers.get("content-type")).toBe("application/gzip");
    expect(model.headers.get("content-encoding")).toBeNull();
    const bytes = new Uint8Array(await model.arrayBuffer());
    // gzip's magic number: the model as it was installed, sent as it is.
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

    const core = await ada.request("/assistant-ocr/tesseract-core-simd-lstm.wasm.js");
    expect(core.status).toBe(200);
    for (const name of ["package.json", "..%2F..%2Fpackage.json", "tesseract-core.wasm", "index.js"]) {
      const response = await ada.request(`/assistant-ocr/${name}`);
      expect(response.status, name).toBe(404);
    }
  });

  it("refuses a cross-site request, keeps control characters out, and answers 503 while the database is down", async () => {
    const crossSite = await ada.request("/api/assistant", {
      json: { message: "buy milk", context: CONTEXT },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);

    const controlled = await ask(ada, { message: "buy milk\u0000\u001b[31m" });
    expect(controlled.status).toBe(400);

    if (dialect !== "postgres") return;
    const name = context.database.name;
    try {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      // The panel then answers with the rules on the device (web/modules/assistant/use-assistant.ts).
      const response = await ask(ada, { message: "buy milk" });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: { code: "service_unavailable", message: MESSAGES.databaseDown } });
    } finally {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await expect.poll(() => ask(ada, { message: "buy milk" }).then((response) => response.status)).toBe(200);
  });

  it(`limits a caller to ${ASSISTANT_LIMITS.messages} messages a minute`, async () => {
    const { client } = await signUp(context.server.baseUrl, "Rex Repeat");
    const statuses: number[] = [];
    for (let index = 0; index <= ASSISTANT_LIMITS.messages; index += 1) {
      statuses.push((await ask(client, { message: `buy item ${index}` })).status);
    }
    expect(statuses.slice(0, ASSISTANT_LIMITS.messages).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses audio that is not WAV", async () => {
    const response = await ada.request("/api/transcribe", {
      json: { audio_data: Buffer.from("not audio").toString("base64") },
    });
    // Checked before anything runs, whether or not this machine transcribes.
    expect([415, 503]).toContain(response.status);
  });
});

const RECORDED_PHRASE = fs.readFileSync(path.join(PROJECT_ROOT, "tests", "fixtures", "voice", "buy-milk-tomorrow.wav"));

/** Speech to text on the server: pocketsphinx where it is installed (.ci/run installs it), or "unavailable". */
describe("assistant voice", () => {
  describe("switched off (ASSISTANT_VOICE=off)", () => {
    const context = useServer(createSqliteDatabase, { ASSISTANT_VOICE: "off" });

    it("says voice is unavailable, in the capabilities and with the spec's words", async () => {
      const { client } = await signUp(context.server.baseUrl, "Vic Voiceless");
      expect(await (await client.request("/api/assistant/capabilities")).json()).toEqual({
        voice: false,
        model: false,
        search: false,
      });
      const response = await client.request("/api/transcribe", {
        json: { audio_data: RECORDED_PHRASE.toString("base64") },
      });
      expect(await error(response)).toEqual({ status: 503, message: ASSISTANT_MESSAGES.voiceUnavailable });
    });
  });

  // CI installs pocketsphinx: there a missing one is a failure, not a skip.
  describe.runIf(process.env.CI === "true" || voiceAvailable(true))("with pocketsphinx", () => {
    const context = useServer(createSqliteDatabase);
    let client: HttpClient;
    beforeAll(async () => {
      ({ client } = await signUp(context.server.baseUrl, "Val Voice"));
    });

    it("transcribes a recorded phrase", async () => {
      expect(((await (await client.request("/api/assistant/capabilities")).json()) as { voice: boolean }).voice).toBe(
        true,
      );
      const response = await client.request("/api/transcribe", {
        json: { audio_data: RECORDED_PHRASE.toString("base64") },
      });
      expect(response.status).toBe(200);
      const { transcription } = (await response.json()) as { transcription: string };
      expect(transcription).toMatch(/\btomorrow\b/);
    });

    it("refuses audio that is not WAV, and a visitor", async () => {
      const response = await client.request("/api/transcribe", {
        json: { audio_data: Buffer.from("not audio").toString("base64") },
      });
      expect(await error(response)).toEqual({ status: 415, message: "Invalid file type" });
      const visitor = new HttpClient(context.server.baseUrl);
      expect(
        (await visitor.request("/api/transcribe", { json: { audio_data: RECORDED_PHRASE.toString("base64") } })).status,
      ).toBe(401);
    });
  });
});

/** With an OpenAI-compatible model configured: a scripted one on 127.0.0.1, through the real client. */
describe("assistant with a model", () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(async () => {
    await model.close();
  });

  describeEachDialect("scripted model", (_dialect, createDatabase) => {
    let ada: HttpClient;
    const context = useServer(createDatabase, {
      ASSISTANT_BASE_URL: "http://127.0.0.1:1/v1",
      ASSISTANT_MODEL: "scripted",
      ASSISTANT_API_KEY: "sk-test",
      ASSISTANT_TIMEOUT_SECONDS: "1",
      ASSISTANT_RETRY_BASE_MS: "10",
    });

    beforeAll(async () => {
      // The model's port is known only now: point the running server's configuration at it.
      context.server.config.assistantModel!.baseUrl = model.baseUrl;
      ({ client: ada } = await signUp(context.server.baseUrl, "Ada Model"));
    });

    it("gathers tool calls streamed in fragments, checks their arguments, and sends the key and the context", async () => {
      model.requests.length = 0;
      model.script({
        kind: "stream",
        chunks: streamedToolCalls("Sure.", [
          {
            name: "create_task",
            arguments: '{"title":"Buy oat milk","category":"shopping","deadline":"2026-12-24T09:00"}',
          },
          { name: "complete_task", arguments: '{"task_id":"t-mom"}' },
          { name: "complete_task", arguments: '{"task_id":"someone-else"}' },
          { name: "create_task", arguments: '{"title": "broken' },
        ]),
      });
      const answer = (await (
        await ask(ada, { message: "oat milk for xmas, and I called mom" })
      ).json()) as AssistantResponse;
      expect(answer.response).toBe("Sure.");
      expect(answer.suggested_actions).toEqual([
        {
          type: "create_task",
          title: "Buy oat milk",
          priority: "medium",
          category: "shopping",
          deadline: "2026-12-24T09:00",
        },
        { type: "complete_task", task_id: "t-mom" },
      ]);
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0]!.authorization).toBe("Bearer sk-test");
      expect(model.requests[0]!.body).toMatchObject({ model: "scripted", stream: true });
      expect(JSON.stringify(model.requests[0]!.body.messages)).toContain("t-mom: Call mom");
    });

    it("streams the reply's text to a client that asks for events, then the whole answer; a refused request still gets JSON", async () => {
      const words = ["Adding ", "oat milk ", "for you."];
      model.script({
        kind: "stream",
        chunks: [
          ...words.map((content) => ({ choices: [{ delta: { content } }] })),
          ...streamedToolCalls("", [{ name: "create_task", arguments: '{"title":"Buy oat milk"}' }]).slice(1),
        ],
      });
      const response = await ada.request("/api/assistant", {
        json: { message: "oat milk", context: CONTEXT },
        headers: { accept: "text/event-stream" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      // The page's security headers go with the stream too.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const events: { event: string; data: unknown }[] = [];
      for await (const { event, data } of readServerSentEvents(response.body!)) {
        events.push({ event, data: JSON.parse(data) });
      }
      expect(events.slice(0, 3)).toEqual([
        { event: "text", data: { text: "Adding " } },
        { event: "text", data: { text: "Adding oat milk " } },
        { event: "text", data: { text: "Adding oat milk for you." } },
      ]);
      expect(events.slice(3)).toMatchObject([
        {
          event: "done",
          data: {
            response: "Adding oat milk for you.",
            suggested_actions: [{ type: "create_task", title: "Buy oat milk", priority: "medium" }],
          },
        },
      ]);

      const refused = await ada.request("/api/assistant", {
        json: { message: " ", context: CONTEXT },
        headers: { accept: "text/event-stream" },
      });
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await error(refused)).toEqual({ status: 400, message: ASSISTANT_MESSAGES.empty });
    });

    it("reads a whole (unstreamed) answer", async () => {
      model.script({
        kind: "json",
        body: {
          choices: [
            {
              message: {
                content: "",
                tool_calls: [
                  {
                    id: "a",
                    type: "function",
                    function: { name: "update_task", arguments: '{"task_id":"t-milk","priority":"high"}' },
                  },
                ],
              },
            },
          ],
        },
      });
      const answer = (await (await ask(ada, { message: "milk is urgent" })).json()) as AssistantResponse;
      expect(answer.suggested_actions).toEqual([{ type: "update_task", task_id: "t-milk", priority: "high" }]);
    });

    it("tries again after 429 and 500, and answers with the model once it does", async () => {
      model.requests.length = 0;
      model.script(
        { kind: "status", status: 429 },
        { kind: "status", status: 500 },
        { kind: "stream", chunks: streamedToolCalls("Done thinking.", []) },
      );
      const answer = (await (await ask(ada, { message: "anything?" })).json()) as AssistantResponse;
      expect(model.requests).toHaveLength(3);
      expect(answer.response).toBe("Done thinking.");
    });

    it("answers with the rules when the key is refused (401, not tried again)", async () => {
      model.requests.length = 0;
      model.script({ kind: "status", status: 401 });
      const answer = (await (await ask(ada, { message: "buy bread" })).json()) as AssistantResponse;
      expect(model.requests).toHaveLength(1);
      expect(answer.suggested_actions).toEqual([{ type: "create_task", title: "Buy bread", priority: "medium" }]);
    });

    it("answers with the rules after a stalled stream and four failed tries", async () => {
      model.requests.length = 0;
      model.script(
        { kind: "stall" },
        { kind: "status", status: 500 },
        { kind: "status", status: 502 },
        { kind: "status", status: 503 },
      );
      const answer = (await (await ask(ada, { message: "call the bank tomorrow" })).json()) as AssistantResponse;
      expect(model.requests).toHaveLength(4);
      expect(answer.suggested_actions).toMatchObject([{ type: "create_task", title: "Call the bank" }]);
    });
  });
});
