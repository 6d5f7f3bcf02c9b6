/**
 * The assistant (docs/assistant.md): a message, with what the user is looking at, answered by the
 * configured model or, without one or when it fails, by the rules in domain/assistant/. Proposals
 * only: nothing is changed here; the app sends what the user approves through the task API.
 */
import { randomUUID } from "node:crypto";
import type { SuggestedAction } from "../../../domain/assistant/actions.js";
import {
  ASSISTANT_MESSAGES,
  type AssistantCapabilities,
  type AssistantRequest,
  type AssistantResponse,
  CONVERSATION_HISTORY,
  type Conversation,
  imageProblem,
} from "../../../domain/assistant/api.js";
import { actionsFromToolCalls } from "../../../domain/assistant/model-actions.js";
import { contextOfRequest, proposeActions } from "../../../domain/assistant/propose.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { tellModuleUsers } from "../live.js";
import { askModel, type ChatMessage, ModelError } from "./model-client.js";
import { systemPrompt } from "./prompt.js";
import { AssistantRepository, type MessageRecord } from "./repository.js";
import { voiceAvailable } from "./transcriber.js";

export const ASSISTANT_MODULE = "assistant";
const CONVERSATION_NOT_FOUND = "Conversation not found";

export function assistantCapabilities(deps: AppDeps): AssistantCapabilities {
  const model = deps.config.assistantModel;
  return { voice: voiceAvailable(deps.config.assistantVoice), model: model !== null, search: model?.search ?? false };
}

function presentMessage(message: MessageRecord) {
  return {
    id: message.id,
    role: message.role,
    text: message.text,
    suggested_actions: message.actions as SuggestedAction[],
    created_at: message.createdAt,
  };
}

/** A conversation of the user's, or 404 as for one that does not exist. */
async function ownConversation(repository: AssistantRepository, user: User, conversationId: string): Promise<void> {
  if ((await repository.conversationOwner(conversationId)) !== user.id) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}

export async function getConversation(deps: AppDeps, user: User, conversationId: string): Promise<Conversation> {
  const repository = new AssistantRepository(deps.database.db);
  await ownConversation(repository, user, conversationId);
  const messages = await repository.messages(conversationId);
  return { conversation_id: conversationId, messages: messages.map(presentMessage) };
}

/** The conversation the panel opens with: the user's latest, or null before the first message. */
export async function latestConversation(deps: AppDeps, user: User): Promise<Conversation | null> {
  const id = await new AssistantRepository(deps.database.db).latestConversation(user.id);
  return id ? getConversation(deps, user, id) : null;
}

function checkRequest(request: AssistantRequest): void {
  const image = request.image_data ?? null;
  if (!request.message.trim() && !image) throw new ValidationError(ASSISTANT_MESSAGES.empty);
  const problem = image && imageProblem(image);
  if (problem === ASSISTANT_MESSAGES.fileTooLarge) throw new PayloadTooLargeError(problem);
  if (problem) throw new UnsupportedMediaTypeError(problem);
}

interface Reply {
  text: string;
  actions: SuggestedAction[];
}

/** The user's clock: the zone and language dates are read in. */
interface Clock {
  timeZone: string;
  locale: string;
}

function rulesReply(request: AssistantRequest, clock: Clock): Reply {
  const proposal = proposeActions(request.message, contextOfRequest(request.context), { now: new Date(), ...clock });
  return { text: proposal.response, actions: proposal.actions };
}

async function modelReply(
  deps: AppDeps,
  request: AssistantRequest,
  history: readonly MessageRecord[],
  clock: Clock,
  onText?: (text: string) => void,
): Promise<Reply> {
  const config = deps.config.assistantModel!;
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(request, clock.timeZone, new Date()) },
    ...history.map((message): ChatMessage => ({ role: message.role, content: message.text })),
    {
      role: "user",
      content: request.image_data
        ? [
            { type: "text", text: request.message || "What should I do about this?" },
            { type: "image_url", image_url: { url: request.image_data } },
          ]
        : request.message,
    },
  ];
  const reply = await askModel(config, messages, { search: request.enable_search, onText });
  const { actions, dropped } = actionsFromToolCalls(reply.toolCalls, {
    taskIds: new Set(request.context.tasks.map((task) => task.id)),
    categories: request.context.categories,
  });
  if (dropped > 0) deps.log.warn({ dropped }, "assistant: tool calls with arguments that did not fit were left out");
  // A model that answers with neither text nor a usable action has not answered.
  if (!reply.text.trim() && actions.length === 0) throw new ModelError("Invalid response format", false);
  return { text: reply.text.trim() || "Here is what I suggest.", actions };
}

/**
 * Answers a message and keeps both in the conversation (its last 50). The model's failure is
 * logged and the rules answer instead: the user always gets a reply that works.
 */
export async function converse(
  deps: AppDeps,
  user: User,
  request: AssistantRequest,
  /** Hears a model's reply text so far as it streams (the route passes it on to the panel). */
  onText?: (text: string) => void,
): Promise<AssistantResponse> {
  checkRequest(request);
  const repository = new AssistantRepository(deps.database.db);
  const now = new Date().toISOString();
  let conversationId = request.conversation_id ?? null;
  if (conversationId) await ownConversation(repository, user, conversationId);
  const history = conversationId ? await repository.messages(conversationId) : [];
  const profile = await deps.repositories.profiles.find(user.id);
  const clock: Clock = { timeZone: profile?.timeZone ?? "UTC", locale: profile?.locale ?? "en" };

  let reply: Reply | null = null;
  if (deps.config.assistantModel) {
    try {
      reply = await modelReply(deps, request, history.slice(-20), clock, onText);
    } catch (error) {
      deps.log.warn({ err: error }, "assistant: the model failed; the rules answer instead");
    }
  }
  reply ??= rulesReply(request, clock);

  if (!conversationId) {
    conversationId = randomUUID();
    await repository.createConversation(conversationId, user.id, now);
  }
  const said = request.message.trim() || (request.image_data ? "📷 Photo" : "");
  await repository.append(
    conversationId,
    [
      { id: randomUUID(), role: "user", text: said, actions: [], createdAt: now },
      {
        id: randomUUID(),
        role: "assistant",
        text: reply.text,
        actions: reply.actions,
        createdAt: new Date().toISOString(),
      },
    ],
    CONVERSATION_HISTORY,
    now,
  );
  // The user's other devices show the conversation as it is now.
  await tellModuleUsers(deps, ASSISTANT_MODULE, [user.id], "assistant.changed");
  return { response: reply.text, conversation_id: conversationId, suggested_actions: reply.actions };
}
