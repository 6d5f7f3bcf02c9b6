import type { SuggestedAction } from "../../../domain/assistant/actions";
import type { RequestContext } from "./use-assistant";

/**
 * The rules of domain/assistant/, run in the browser when the server cannot be reached: the same
 * answer the server's rules would give. Loaded on first use, not with the panel.
 */
const loadRules = () => import("../../../domain/assistant/propose");

/** Fetched while the network is there (the panel opens), so an answer without it needs nothing new. */
export function preloadRules(): void {
  void loadRules().catch(() => undefined);
}

const clockOf = (request: RequestContext) => ({
  now: new Date(),
  timeZone: request.timeZone,
  locale: request.locale,
});

export async function answerOnDevice(
  message: string,
  request: RequestContext,
): Promise<{ text: string; actions: SuggestedAction[] }> {
  const { proposeActions, contextOfRequest } = await loadRules();
  const proposal = proposeActions(message, contextOfRequest(request.context), clockOf(request));
  return { text: proposal.response, actions: proposal.actions };
}

/** A photo read on this device (no model to look at it): one proposal per confident line. */
export async function answerPhotoOnDevice(
  image: string,
  typed: string,
  request: RequestContext,
): Promise<{ text: string; actions: SuggestedAction[] }> {
  const [{ proposeFromLines, contextOfRequest }, { readPhotoLines }] = await Promise.all([
    loadRules(),
    import("./ocr"),
  ]);
  const lines = [...(typed ? [typed] : []), ...(await readPhotoLines(image))];
  const proposal = proposeFromLines(lines, contextOfRequest(request.context), clockOf(request));
  return { text: proposal.response, actions: proposal.actions };
}
