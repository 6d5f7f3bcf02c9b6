import { useQueryClient } from "@tanstack/react-query";
import { Minus, Sparkles, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { SuggestedAction } from "../../../domain/assistant/actions";
import { ASSISTANT_MESSAGES } from "../../../domain/assistant/api";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useSettings } from "../../hooks/use-settings";
import { useCategories } from "../../hooks/use-tasks";
import { cachedTask } from "../../realtime/task-sync";
import { notify } from "../../stores/notifier";
import { applyAction } from "./apply-action";
import { Composer } from "./Composer";
import { type Decision, decisionKey, readDecisions, writeDecisions } from "./decisions";
import { LAUNCHER_ID, setPanelState, usePanelState } from "./panel-state";
import { ProposalCard } from "./ProposalCard";
import { requestContext } from "./request-context";
import { type ShownMessage, useAssistant } from "./use-assistant";

const EXAMPLES = ["Buy milk and call mum tomorrow 5pm", "Move the dentist to Friday", "Done with the report"];

/**
 * The assistant's floating panel (the spec's closed, open and minimized): a conversation whose
 * replies propose task actions as cards to approve, edit or reject. Minimized, it keeps the
 * conversation and the draft; closed, it is the header button only.
 */
export default function AssistantPanel() {
  const state = usePanelState();
  // Here, not in the open panel: minimizing keeps what was typed.
  const [draft, setDraft] = useState("");
  if (state === "closed") return null;
  if (state === "minimized") return <MinimizedBar />;
  return <OpenPanel draft={draft} setDraft={setDraft} />;
}

const placement =
  "fixed right-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-30 sm:right-4 lg:right-6 lg:bottom-6";

function MinimizedBar() {
  return (
    <button
      type="button"
      className={`${placement} flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm font-semibold shadow-lg hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus`}
      onClick={() => setPanelState("open")}
    >
      <Sparkles aria-hidden="true" className="size-4 text-brand" />
      Assistant
      <span className="sr-only">(minimized, open it again)</span>
    </button>
  );
}

function close(to: "closed" | "minimized") {
  setPanelState(to);
  document.getElementById(LAUNCHER_ID)?.focus();
}

function OpenPanel({ draft, setDraft }: { draft: string; setDraft: (value: string) => void }) {
  const client = useQueryClient();
  const me = useMe();
  const { current } = useCurrentGroup();
  const categories = useCategories(current?.id);
  const { settings } = useSettings();
  const location = useLocation();
  const assistant = useAssistant(settings.enableAssistantSearch);
  const [decisions, setDecisions] = useState(readDecisions);
  const [busy, setBusy] = useState<string | null>(null);
  const titleId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  // The newest message in view: on opening and as messages arrive.
  const count = assistant.messages.length;
  useEffect(() => {
    // Braces: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
    void endRef.current?.scrollIntoView({ block: "end" });
  }, [count, assistant.loading]);

  function decide(key: string, decision: Decision) {
    setDecisions((currentDecisions) => {
      const next = { ...currentDecisions, [key]: decision };
      writeDecisions(next);
      return next;
    });
  }

  async function approve(message: ShownMessage, indexes: number[], edited?: SuggestedAction) {
    if (!me || !current) return;
    setBusy(message.id);
    let failed = false;
    for (const index of indexes) {
      const action = edited ?? message.actions[index]!;
      const done = await applyAction(client, action, { groupId: current.id, userId: me.id });
      decide(decisionKey(message.id, index), done ? "approved" : "failed");
      failed ||= !done;
    }
    setBusy(null);
    if (failed) notify.error(ASSISTANT_MESSAGES.actionsFailed);
  }

  return (
    <section
      id="assistant-panel"
      aria-labelledby={titleId}
      className={`${placement} flex w-80 max-w-[calc(100vw-1rem)] flex-col rounded-2xl border border-line bg-surface text-ink shadow-2xl sm:w-96`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          close("closed");
        }
      }}
    >
      <header className="flex items-center gap-2 border-b border-line py-1.5 pr-1.5 pl-3">
        <Sparkles aria-hidden="true" className="size-4 text-brand" />
        <h2 id={titleId} className="flex-1 text-sm font-semibold">
          Assistant
        </h2>
        {(
          [
            { to: "minimized", label: "Minimize the assistant", Icon: Minus },
            { to: "closed", label: "Close the assistant", Icon: X },
          ] as const
        ).map(({ to, label, Icon }) => (
          <button
            key={to}
            type="button"
            className="grid size-9 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
            aria-label={label}
            onClick={() => close(to)}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        ))}
      </header>

      {/* A log: screen readers read each new message as it arrives. */}
      <div className="h-64 overflow-y-auto px-3 py-2" role="log" aria-live="polite" aria-labelledby={titleId}>
        {assistant.messages.length === 0 && (
          <div className="space-y-2 py-2 text-sm text-ink-muted">
            <p>Tell me what needs doing, or what changed. I propose; you approve.</p>
            <ul className="space-y-1">
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    className="rounded-md border border-line px-2 py-1 text-left text-xs hover:bg-surface-muted"
                    onClick={() => setDraft(example)}
                  >
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {assistant.loadFailed && assistant.messages.length === 0 && (
          <p className="text-xs text-ink-muted">The earlier conversation could not be loaded.</p>
        )}
        <ol className="space-y-3" aria-label="Conversation">
          {assistant.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              categories={categories}
              decisions={decisions}
              busy={busy === message.id}
              taskOf={(id) => cachedTask(client, id)}
              onApprove={(indexes, edited) => void approve(message, indexes, edited)}
              onReject={(index) => decide(decisionKey(message.id, index), "rejected")}
            />
          ))}
        </ol>
        {assistant.loading && !assistant.streaming && (
          <p role="status" className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand" />
            {assistant.loading === "reading" ? "Reading the photo…" : "Thinking…"}
          </p>
        )}
        <div ref={endRef} />
      </div>

      <Composer
        draft={draft}
        setDraft={setDraft}
        loading={assistant.loading !== null}
        capabilitiesNow={assistant.capabilitiesNow}
        send={(message, image) =>
          assistant.send(message, image, requestContext(client, current?.id, categories, location))
        }
      />
    </section>
  );
}

function MessageItem({
  message,
  categories,
  decisions,
  busy,
  taskOf,
  onApprove,
  onReject,
}: {
  message: ShownMessage;
  categories: readonly { id: string; label: string }[];
  decisions: Record<string, Decision>;
  busy: boolean;
  taskOf: (id: string) => ReturnType<typeof cachedTask>;
  onApprove: (indexes: number[], edited?: SuggestedAction) => void;
  onReject: (index: number) => void;
}) {
  const mine = message.role === "user";
  const open = message.actions.flatMap((_, index) =>
    decisions[decisionKey(message.id, index)] === undefined ? [index] : [],
  );
  return (
    <li className={mine ? "flex justify-end" : ""}>
      <div
        className={
          mine
            ? "max-w-[85%] rounded-2xl rounded-br-sm bg-brand px-3 py-1.5 text-sm break-words whitespace-pre-wrap text-brand-ink"
            : "text-sm"
        }
      >
        <span className="sr-only">{mine ? "You: " : "Assistant: "}</span>
        {!mine && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
        {mine && message.text}
        {message.note && <p className="mt-0.5 text-xs text-ink-muted">{message.note}</p>}
        {message.actions.length > 0 && (
          <ul className="mt-2 space-y-2" aria-label="Proposals">
            {message.actions.map((action, index) => (
              <ProposalCard
                key={index}
                action={action}
                task={"task_id" in action ? taskOf(action.task_id) : undefined}
                categories={categories}
                decision={decisions[decisionKey(message.id, index)]}
                busy={busy}
                onApprove={(edited) => onApprove([index], edited)}
                onReject={() => onReject(index)}
              />
            ))}
          </ul>
        )}
        {open.length > 1 && (
          <button
            type="button"
            disabled={busy}
            className="mt-2 rounded-md border border-line px-2 py-1 text-xs font-semibold hover:bg-surface-muted disabled:opacity-60"
            onClick={() => onApprove(open)}
          >
            Approve all {open.length}
          </button>
        )}
      </div>
    </li>
  );
}
