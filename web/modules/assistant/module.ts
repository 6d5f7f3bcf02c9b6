import { lazy } from "react";
import type { WebModule } from "../web-module";
import { ASSISTANT_MODULE, assistantKeys } from "./keys";

/** The assistant: a header button and its panel on every signed-in page (server/modules/assistant/, docs/assistant.md). */
export const assistant: WebModule = {
  id: ASSISTANT_MODULE,
  // The conversation stays readable without a network.
  queryRoots: [assistantKeys.all[0]],
  onLiveEvent(client, event) {
    // Another device of the user's said something to the assistant.
    if (event === "assistant.changed") void client.invalidateQueries({ queryKey: assistantKeys.conversation });
  },
  HeaderAction: lazy(() => import("./AssistantLauncher")),
  Overlay: lazy(() => import("./AssistantOverlay")),
};
