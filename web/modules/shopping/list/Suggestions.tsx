import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Lightbulb, Plus, X } from "lucide-react";
import type { Suggestion } from "../../../../domain/shopping/list";
import { errorMessage } from "../../../api/http";
import { notify } from "../../../stores/notifier";
import { shoppingKeys } from "../keys";
import { dismissSuggestion } from "./api";
import { useSuggestions } from "./use-shopping";

/** shopping-suggestions, each with its reason: add it to the list, or "not now" until it is bought again. */
export function Suggestions({
  groupId,
  online,
  onAdd,
}: {
  groupId: string;
  online: boolean;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const client = useQueryClient();
  const suggestions = useSuggestions(groupId);
  const hide = (key: string) =>
    client.setQueryData<{ suggestions: Suggestion[] }>(shoppingKeys.suggestions(groupId), (current) =>
      current ? { suggestions: current.suggestions.filter((entry) => entry.key !== key) } : current,
    );
  const dismiss = useMutation({
    mutationFn: (key: string) => dismissSuggestion(groupId, key),
    onMutate: hide,
    onError: (error) => {
      notify.error("Could not dismiss the suggestion", { description: errorMessage(error) });
      void suggestions.refetch();
    },
  });
  const list = suggestions.data?.suggestions ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="shopping-suggestions" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="shopping-suggestions" className="flex items-center gap-2 font-semibold">
        <Lightbulb aria-hidden="true" className="size-4 text-amber-500" />
        Suggestions
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {list.map((suggestion) => (
          <li key={suggestion.key} className="flex items-center gap-2 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{suggestion.name}</p>
              <p className="text-xs text-ink-muted">{suggestion.detail}</p>
            </div>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-md border border-line px-2 py-1 text-sm font-medium hover:bg-surface-muted"
              onClick={() => {
                hide(suggestion.key);
                void onAdd(suggestion.name);
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add<span className="sr-only"> {suggestion.name}</span>
            </button>
            <button
              type="button"
              className="rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink disabled:opacity-50"
              aria-label={`Not now: ${suggestion.name}`}
              disabled={!online}
              onClick={() => dismiss.mutate(suggestion.key)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
