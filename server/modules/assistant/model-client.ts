/**
 * An OpenAI-compatible chat model proposing task actions by tool calls (docs/assistant.md): the
 * reply is streamed, each tool call's arguments are gathered from their fragments and checked,
 * and a failed call is tried again after 1, 2 and 4 s unless the model refused it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { readServerSentEvents } from "../../../domain/server-sent-events.js";

export interface ModelConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  search: boolean;
  timeoutMs: number;
  retryDelaysMs?: readonly number[];
}

export type ChatMessage =
  | { role: "system" | "assistant"; content: string }
  | {
      role: "user";
      content: string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
    };

/** What the model said and the tool calls it made, arguments as it sent them (checked by the caller). */
export interface ModelReply {
  text: string;
  toolCalls: { name: string; arguments: string }[];
}

/** A failure the spec names: "API returned status N", "Empty response received from API", "Invalid response format". */
export class ModelError extends Error {
  override name = "ModelError";
  constructor(
    message: string,
    /** False for an answer that will not change on a second try (a refused key, a bad request). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The spec: up to 3 more tries, waiting 1 s, 2 s, 4 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

const ACTION_PROPERTIES = {
  title: { type: "string", description: "The task's title, short and without the date" },
  notes: { type: "string" },
  category: { type: "string", description: "One of the user's category names" },
  priority: { type: "string", enum: ["low", "medium", "high"] },
  deadline: { type: "string", description: "YYYY-MM-DD, or YYYY-MM-DDTHH:MM for a time, in the user's time zone" },
} as const;

/** The three actions of the spec, as tools the model may call. */
export const TOOLS = [
  {
    type: "function",
    function: {
      name: "create_task",
      description: "Propose a new task",
      parameters: { type: "object", properties: ACTION_PROPERTIES, required: ["title"] },
    },
  },
  {
    type: "function",
    function: {
      name: "update_task",
      description: "Propose a change to one of the user's tasks",
      parameters: {
        type: "object",
        properties: { task_id: { type: "string" }, ...ACTION_PROPERTIES, completed: { type: "boolean" } },
        required: ["task_id"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "complete_task",
      description: "Propose marking one of the user's tasks done",
      parameters: { type: "object", properties: { task_id: { type: "string" } }, required: ["task_id"] },
    },
  },
] as const;

interface StreamDelta {
  content?: string | null;
  tool_calls?: { index?: number; function?: { name?: string; arguments?: string } }[];
}

/** The reply from the streamed chunks: text in order, each tool call's argument fragments joined. */
function replyFromChunks(
  chunks: readonly { choices?: { delta?: StreamDelta; message?: StreamDelta }[] }[],
): ModelReply {
  let text = "";
  const calls = new Map<number, { name: string; arguments: string }>();
  for (const chunk of chunks) {
    const delta = chunk.choices?.[0]?.delta ?? chunk.choices?.[0]?.message;
    if (!delta) continue;
    if (typeof delta.content === "string") text += delta.content;
    for (const [position, call] of (delta.tool_calls ?? []).entries()) {
      const index = call.index ?? position;
      const entry = calls.get(index) ?? { name: "", arguments: "" };
      entry.name += call.function?.name ?? "";
      entry.arguments += call.function?.arguments ?? "";
      calls.set(index, entry);
    }
  }
  return { text, toolCalls: [...calls.values()].filter((call) => call.name) };
}

/**
 * The JSON chunks of the model's stream, until [DONE]; `onText` hears the reply's text so far
 * after each chunk that adds to it.
 */
async function readStream(body: ReadableStream<Uint8Array>, onText?: (text: string) => void): Promise<unknown[]> {
  const chunks: unknown[] = [];
  let text = "";
  for await (const { data } of readServerSentEvents(body)) {
    if (data === "[DONE]") break;
    let chunk: { choices?: { delta?: StreamDelta }[] };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      throw new ModelError("Invalid response format", true);
    }
    chunks.push(chunk);
    const added = chunk.choices?.[0]?.delta?.content;
    if (typeof added === "string" && added) {
      text += added;
      onText?.(text);
    }
  }
  return chunks;
}

async function attempt(
  config: ModelConfig,
  messages: readonly ChatMessage[],
  { search, onText }: AskOptions,
): Promise<ModelReply> {
  const response = await fetch(`${config.baseUrl}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream, application/json",
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      messages,
      tools: TOOLS,
      stream: true,
      ...(search && config.search ? { enable_search: true } : {}),
    }),
    // The whole answer, stream included: a stream that stalls ends here too.
    signal: AbortSignal.timeout(config.timeoutMs),
  }).catch((error: unknown) => {
    throw new ModelError(
      error instanceof Error && error.name === "TimeoutError" ? "Request timed out" : "Network error",
      true,
    );
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ModelError(`API returned status ${response.status}`, response.status === 429 || response.status >= 500);
  }
  const streamed = (response.headers.get("content-type") ?? "").includes("text/event-stream");
  let chunks: unknown[];
  try {
    chunks = streamed && response.body ? await readStream(response.body, onText) : [await response.json()];
  } catch (error) {
    if (error instanceof ModelError) throw error;
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new ModelError(timedOut ? "Request timed out" : "Invalid response format", true);
  }
  const reply = replyFromChunks(chunks as Parameters<typeof replyFromChunks>[0]);
  if (!reply.text.trim() && reply.toolCalls.length === 0)
    throw new ModelError("Empty response received from API", true);
  return reply;
}

export interface AskOptions {
  search: boolean;
  /** The reply's text so far, as it streams in (from "" again when a try starts over). */
  onText?: (text: string) => void;
}

/** The model's reply, tried again after 1, 2 and 4 s while the failure may pass. */
export async function askModel(
  config: ModelConfig,
  messages: readonly ChatMessage[],
  options: AskOptions = { search: false },
): Promise<ModelReply> {
  const delays = config.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt(config, messages, options);
    } catch (error) {
      const failure = error instanceof ModelError ? error : new ModelError("Invalid response format", false);
      const delay = delays[tries];
      if (!failure.retryable || delay === undefined) throw failure;
      await sleep(delay);
    }
  }
}
