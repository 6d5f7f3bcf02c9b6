import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { SuggestedAction } from "../../../domain/assistant/actions";
import { ASSISTANT_MESSAGES, type AssistantRequest } from "../../../domain/assistant/api";
import { ApiRequestError } from "../../api/http";
import { askAssistant, assistantKeys, getCapabilities, getConversation } from "./api";
import { answerOnDevice, answerPhotoOnDevice, preloadRules } from "./on-device";

/** A message as the panel shows it: stored on the server, or only here (being sent, or answered offline). */
export interface ShownMessage {
  id: string;
  role: "user" | "assistant";
  text: string;
  actions: SuggestedAction[];
  /** Said under a reply made on this device, which is not in the stored conversation. */
  note?: string;
}

export type RequestContext = Pick<AssistantRequest, "context" | "active_view"> & {
  timeZone: string;
  locale: string;
};

/** The server could not answer at all (no network, its database down, a proxy without it). */
function unreachable(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === 502 || error.status === 503 || error.status === 504;
}

const OFFLINE = "Answered on this device: the server could not be reached.";
const READ_HERE = "Read on this device; not kept in the conversation.";
const PHOTO_UNREADABLE = "The photo could not be read on this device. Try again, or type what it says.";

let localIds = 0;
const localId = () => `local-${Date.now()}-${(localIds += 1)}`;

/**
 * The user's conversation with the assistant: the stored one (its last 50 messages, kept on the
 * device for a start without network) and what this page added that is not stored (yet).
 */
export function useAssistant(enableSearch: boolean) {
  const client = useQueryClient();
  const conversation = useQuery({ queryKey: assistantKeys.conversation, queryFn: getConversation });
  const capabilitiesQuery = {
    queryKey: assistantKeys.capabilities,
    queryFn: getCapabilities,
    staleTime: Infinity,
    // Offline it fails at once rather than waiting for the network: the panel then answers on the device.
    networkMode: "always" as const,
  };
  // Asked for when the panel opens, so it is known by the first photo or recording.
  useQuery(capabilitiesQuery);
  /** What the server can do, waiting for the answer if it has not come yet (null: unknown, unreachable). */
  const capabilitiesNow = () => client.fetchQuery(capabilitiesQuery).catch(() => null);
  const [local, setLocal] = useState<ShownMessage[]>([]);
  const [loading, setLoading] = useState<"thinking" | "reading" | null>(null);
  /** A model's reply so far, while it streams in. */
  const [streaming, setStreaming] = useState("");
  useEffect(preloadRules, []);

  const stored: ShownMessage[] = (conversation.data?.messages ?? []).map((message) => ({
    id: message.id,
    role: message.role,
    text: message.text,
    actions: message.suggested_actions,
  }));

  /** A reply made here, not stored: a photo read, an answer without the server, or the spec's apology. */
  const addReply = (reply: Omit<ShownMessage, "id" | "role">) =>
    setLocal((current) => [...current, { id: localId(), role: "assistant", ...reply }]);

  /** Resolves to an error to show under the input (the message stays there), or null once answered. */
  async function send(message: string, image: string | null, request: RequestContext): Promise<string | null> {
    const said: ShownMessage = {
      id: localId(),
      role: "user",
      text: image ? `📷 ${message || "Photo"}` : message,
      actions: [],
    };
    setLocal((current) => [...current, said]);
    const can = await capabilitiesNow();
    if (image && can?.model !== true) {
      // No model to look at it: the text in it is read here, and each line proposed as a task.
      setLoading("reading");
      try {
        addReply({ note: READ_HERE, ...(await answerPhotoOnDevice(image, message, request)) });
      } catch {
        addReply({ text: PHOTO_UNREADABLE, actions: [] });
      } finally {
        setLoading(null);
      }
      return null;
    }
    setLoading("thinking");
    try {
      await askAssistant(
        {
          message,
          conversation_id: conversation.data?.conversation_id ?? null,
          context: request.context,
          active_view: request.active_view,
          image_data: image,
          enable_search: enableSearch && can?.search === true,
        },
        setStreaming,
      );
      // The stored conversation now holds both messages, with the ids decisions are kept under.
      await client.refetchQueries({ queryKey: assistantKeys.conversation });
      setLocal((current) => current.filter((item) => item !== said));
      return null;
    } catch (error) {
      if (unreachable(error) && message.trim()) {
        const reply = await answerOnDevice(message, request).catch(() => null);
        if (reply) {
          addReply({ note: OFFLINE, ...reply });
          return null;
        }
      }
      setLocal((current) => current.filter((item) => item !== said));
      if (error instanceof ApiRequestError && error.status < 500) return error.message;
      addReply({ text: ASSISTANT_MESSAGES.failed, actions: [] });
      return null;
    } finally {
      setStreaming("");
      setLoading(null);
    }
  }

  return {
    messages: [
      ...stored,
      ...local,
      ...(streaming ? [{ id: "streaming", role: "assistant" as const, text: streaming, actions: [] }] : []),
    ],
    loading,
    /** A reply is arriving in parts (shown as it comes, instead of "Thinking…"). */
    streaming: streaming !== "",
    send,
    capabilitiesNow,
    loadFailed: conversation.isError && conversation.data === undefined,
  };
}
