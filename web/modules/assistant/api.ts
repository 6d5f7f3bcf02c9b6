import type {
  AssistantCapabilities,
  AssistantRequest,
  AssistantResponse,
  Conversation,
} from "../../../domain/assistant/api";
import { readServerSentEvents } from "../../../domain/server-sent-events";
import { answerOf, apiFetch, ApiRequestError } from "../../api/http";

export { ASSISTANT_MODULE, assistantKeys } from "./keys";

export const getConversation = () =>
  apiFetch<{ conversation: Conversation | null }>("/api/assistant/conversation").then((body) => body.conversation);

export const getCapabilities = () => apiFetch<AssistantCapabilities>("/api/assistant/capabilities");

/** The request as sent: the schema's defaults are the server's to fill in. */
export type AssistantRequestBody = Partial<AssistantRequest> & Pick<AssistantRequest, "message">;

/**
 * Asks for the answer as server-sent events: `onText` gets a model's reply so far as it streams
 * (the rules answer at once, with no text events). A refused request answers with JSON as usual.
 */
export async function askAssistant(
  body: AssistantRequestBody,
  onText: (text: string) => void,
): Promise<AssistantResponse> {
  const response = await fetch("/api/assistant", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return answerOf<AssistantResponse>(response);
  }
  for await (const { event, data } of readServerSentEvents(response.body)) {
    const parsed = JSON.parse(data) as { text?: string; error?: { code: string; message: string } };
    if (event === "text" && typeof parsed.text === "string") onText(parsed.text);
    else if (event === "done") return parsed as AssistantResponse;
    else if (event === "error")
      throw new ApiRequestError(500, parsed.error?.code ?? "internal", parsed.error?.message ?? "");
  }
  // Cut off before the answer (the connection dropped): as if the server could not be reached.
  throw new ApiRequestError(502, "internal", "The answer was cut off.");
}

export const transcribe = (audioBase64: string) =>
  apiFetch<{ transcription: string }>("/api/transcribe", { method: "POST", body: { audio_data: audioBase64 } }).then(
    (body) => body.transcription,
  );
