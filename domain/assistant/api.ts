/**
 * The assistant's API (the spec's assistant request and response, its "assistant" and
 * "transcribe" calls, image limit and history), in the spec's field names.
 */
import { z } from "zod";
import { storableText } from "../fields.js";
import { PRIORITIES } from "../task-rules.js";
import { suggestedActionSchema } from "./actions.js";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES } from "../photos.js";

/** The spec: a conversation keeps its last 50 messages. */
export const CONVERSATION_HISTORY = 50;
export const ASSISTANT_MESSAGE_MAX_LENGTH = 4000;
/** The spec: "Image limit 10 MB". */
export const IMAGE_MAX_BYTES = PHOTO_MAX_BYTES;
export const IMAGE_TYPES = PHOTO_TYPES;
/** About a minute of speech as 16 kHz WAV, or several as compressed audio. */
export const AUDIO_MAX_BYTES = 5 * 1024 * 1024;

export const ASSISTANT_MESSAGES = {
  /** The spec: what the chat shows when a reply could not be had. */
  failed: "I apologize, but I encountered an error processing your message. Please try again.",
  empty: "Type a message or attach a photo.",
  ...PHOTO_MESSAGES,
  actionsFailed: "Failed to process one or more actions",
  voiceUnavailable: "Voice input is not available on this server.",
  noSpeech: "No speech was recognised. Try again, closer to the microphone.",
} as const;

const contextTaskSchema = z.object({
  id: storableText().min(1).max(100),
  title: storableText().max(500),
  completed: z.boolean().default(false),
  category: storableText().max(100).nullable().optional(),
  deadline: storableText().max(40).nullable().optional(),
  priority: z.enum(PRIORITIES).optional(),
});

const contextCategorySchema = z.object({
  id: storableText().min(1).max(100),
  /** As the app shows it. */
  label: storableText().max(200),
});

export const ACTIVE_VIEWS = ["task-details", "dashboard", "categories"] as const;

export const assistantRequestSchema = z.object({
  message: storableText().max(ASSISTANT_MESSAGE_MAX_LENGTH).default(""),
  conversation_id: z.uuid().nullable().optional(),
  context: z
    .object({
      tasks: z.array(contextTaskSchema).max(2000).default([]),
      categories: z.array(contextCategorySchema).max(200).default([]),
      current_task: storableText().max(100).nullable().optional(),
    })
    .default({ tasks: [], categories: [] }),
  /** task-details, dashboard, categories, or the path the user is on. */
  active_view: storableText().max(200).nullable().optional(),
  /** A photo as a data URL ("data:image/jpeg;base64,…"). */
  image_data: z
    .string()
    .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100)
    .nullable()
    .optional(),
  enable_search: z.boolean().default(false),
});
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

export const assistantResponseSchema = z.object({
  response: z.string(),
  conversation_id: z.uuid(),
  suggested_actions: z.array(suggestedActionSchema),
});
export type AssistantResponse = z.infer<typeof assistantResponseSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  text: z.string(),
  suggested_actions: z.array(suggestedActionSchema),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  conversation_id: z.uuid(),
  /** The last 50, oldest first. */
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const transcribeRequestSchema = z.object({
  /** The recording, base64 (the spec's "transcribe"). */
  audio_data: z
    .string()
    .min(1)
    .max(Math.ceil((AUDIO_MAX_BYTES * 4) / 3) + 100),
});
export const transcribeResponseSchema = z.object({ transcription: z.string() });

/** What this server's assistant can do, so the panel offers only what works. */
export const assistantCapabilitiesSchema = z.object({
  /** Speech is transcribed here (pocketsphinx is installed). */
  voice: z.boolean(),
  /** A language model is configured; otherwise the rules answer. */
  model: z.boolean(),
  /** The model can search the web (enable_search is honoured). */
  search: z.boolean(),
});
export type AssistantCapabilities = z.infer<typeof assistantCapabilitiesSchema>;

/** A photo's type and size from its data URL, or the spec's message for one that is refused. */
export function imageProblem(dataUrl: string): string | null {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match || !(IMAGE_TYPES as readonly string[]).includes(match[1]!.toLowerCase()))
    return ASSISTANT_MESSAGES.invalidFileType;
  const base64 = match[2]!.replace(/\s/g, "");
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
  return bytes > IMAGE_MAX_BYTES ? ASSISTANT_MESSAGES.fileTooLarge : null;
}
