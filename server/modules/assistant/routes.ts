import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addressOf } from "../../plugins/rate-limits.js";
import { z } from "zod";
import {
  ASSISTANT_MESSAGES,
  type AssistantResponse,
  AUDIO_MAX_BYTES,
  assistantCapabilitiesSchema,
  assistantRequestSchema,
  assistantResponseSchema,
  conversationSchema,
  IMAGE_MAX_BYTES,
  transcribeRequestSchema,
  transcribeResponseSchema,
} from "../../../domain/assistant/api.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { assistantCapabilities, converse, getConversation, latestConversation } from "./service.js";
import { transcribe } from "./transcriber.js";
import { acceptedEncoding } from "../../plugins/response-compression.js";
import { NotFoundError } from "../../errors.js";
import { OCR_FILES_PATH, OCR_WORKER_POLICY, ocrFile, ocrFileBody } from "./ocr-files.js";

const tags = ["assistant"];
/**
 * Per caller and minute: a person types or speaks far less; a script looping on a configured model
 * would spend the operator's money, and on the recogniser a CPU core per request.
 */
export const ASSISTANT_LIMITS = { messages: 30, transcriptions: 20 } as const;
const perMinute = (max: number) => ({
  config: { ...signedIn.config, rateLimit: { max, timeWindow: 60_000, keyGenerator: callerKey } },
});

/**
 * The caller by their credentials (session cookie or bearer token), so people behind one address
 * each have their own allowance; a request without any is refused as a visitor anyway.
 */
function callerKey(request: FastifyRequest): string {
  const credentials = `${request.headers.cookie ?? ""}\n${request.headers.authorization ?? ""}`;
  return credentials === "\n" ? addressOf(request) : createHash("sha256").update(credentials).digest("base64url");
}

// Base64 is a third larger than the bytes it carries; the rest of the request is small.
const base64Limit = (bytes: number) => Math.ceil((bytes * 4) / 3) + 256 * 1024;

/**
 * The answer as server-sent events (docs/assistant.md): `text` with a model's reply so far as it
 * streams, then `done` with the whole answer, the same JSON a plain request gets. Nothing is sent
 * before the first text, so a refused request (400, 404, 413…) still gets its JSON error; a failure
 * after that ends the stream with `error`.
 */
async function streamAnswer(
  reply: FastifyReply,
  answer: (onText: (text: string) => void) => Promise<AssistantResponse>,
): Promise<void> {
  let open = false;
  const send = (event: string, data: unknown) => {
    if (!open) {
      open = true;
      reply.hijack();
      // The headers set so far (the security headers) go too: a hijacked reply skips Fastify's.
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        // A proxy in front must pass each event on at once, not buffer the answer.
        "x-accel-buffering": "no",
      });
    }
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    send("done", await answer((text) => send("text", { text })));
  } catch (error) {
    if (!open) throw error;
    reply.log.error({ err: error }, "assistant: the answer failed after it began to stream");
    send("error", { error: { code: "internal", message: ASSISTANT_MESSAGES.failed } });
  }
  reply.raw.end();
}

/** The assistant module's API (docs/api.md, docs/assistant.md): proposals only, never a change. */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/assistant/capabilities",
    {
      ...signedIn,
      schema: {
        summary: "What this server's assistant can do: voice, a language model, web search",
        tags,
        response: { 200: assistantCapabilitiesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => assistantCapabilities(app.deps),
  );

  app.post(
    "/api/assistant",
    {
      ...perMinute(ASSISTANT_LIMITS.messages),
      bodyLimit: base64Limit(IMAGE_MAX_BYTES),
      schema: {
        summary: "Answers a message (and a photo) with proposed task actions (the spec's assistant)",
        tags,
        body: assistantRequestSchema,
        response: { 200: assistantResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!String(request.headers.accept ?? "").includes("text/event-stream")) {
        return converse(app.deps, user, request.body);
      }
      await streamAnswer(reply, (onText) => converse(app.deps, user, request.body, onText));
    },
  );

  app.get(
    "/api/assistant/conversation",
    {
      ...signedIn,
      schema: {
        summary: "The caller's latest conversation, its last 50 messages (null before the first)",
        tags,
        response: { 200: z.object({ conversation: conversationSchema.nullable() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ conversation: await latestConversation(app.deps, requireUser(request)) }),
  );

  app.get(
    "/api/conversations/:conversationId",
    {
      ...signedIn,
      schema: {
        summary: "One of the caller's conversations, its last 50 messages (the spec's conversations)",
        tags,
        params: z.object({ conversationId: z.uuid() }),
        response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getConversation(app.deps, requireUser(request), request.params.conversationId),
  );

  app.post(
    "/api/transcribe",
    {
      ...perMinute(ASSISTANT_LIMITS.transcriptions),
      bodyLimit: base64Limit(AUDIO_MAX_BYTES),
      schema: {
        summary: "A WAV recording as text, transcribed on this server (the spec's transcribe)",
        tags,
        body: transcribeRequestSchema,
        response: { 200: transcribeResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 503) },
      },
    },
    async (request) => {
      requireUser(request);
      return { transcription: await transcribe(request.body.audio_data, app.deps.config.assistantVoice) };
    },
  );

  app.get(
    `${OCR_FILES_PATH}/:file`,
    {
      ...signedIn,
      schema: {
        summary: "A file of the browser's text recognition for photos (tesseract.js), from this server",
        tags,
        params: z.object({ file: z.string().max(100) }),
        hide: true,
      },
    },
    async (request, reply) => {
      const file = ocrFile(request.params.file);
      if (!file) throw new NotFoundError("File not found");
      const encoding = file.compressed ? null : acceptedEncoding(request);
      const body = await ocrFileBody(request.params.file, file, encoding);
      reply.header("content-type", file.type);
      // The same files until the packages are upgraded; a day keeps an upgrade from waiting long.
      reply.header("cache-control", "private, max-age=86400");
      if (!file.compressed) reply.header("vary", "accept-encoding");
      if (encoding) reply.header("content-encoding", encoding);
      if (request.params.file === "worker.min.js") reply.header("content-security-policy", OCR_WORKER_POLICY);
      return reply.send(body);
    },
  );
};
