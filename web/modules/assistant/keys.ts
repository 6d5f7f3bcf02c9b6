/** The module's id and query keys: what the registry needs, without the API calls. */
export const ASSISTANT_MODULE = "assistant";

export const assistantKeys = {
  all: ["assistant"] as const,
  conversation: ["assistant", "conversation"] as const,
  capabilities: ["assistant", "capabilities"] as const,
};
