import { CloudOff, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { MODULES } from "../../../domain/modules";
import type { QueuedOperation } from "../../../domain/offline-queue";
import { formatDateTime } from "../../../domain/time-format";
import { queryClient } from "../../api/query-client";
import { categoryKeys, taskKeys } from "../../api/tasks";
import { Section } from "../../components/Section";
import { settingsKeys } from "../../api/settings";
import { WEB_MODULES } from "../../modules/registry";
import { discardOperation, flushQueue, retryOperation } from "../../offline/queue";
import { useOnline, useQueuedOperations } from "../../offline/use-offline";
import { notify } from "../../stores/notifier";
import { appTimeLocale } from "../../stores/time-locale";

const ACTIONS: Record<QueuedOperation["type"], string> = { create: "Add", update: "Change", delete: "Delete" };
const ENTITIES: Record<QueuedOperation["entityType"], string> = {
  task: "task",
  subtask: "subtask",
  category: "category",
  settings: "settings",
  module: "",
};

/** What to load again when a change of this kind is discarded. */
const DATA_OF: Record<QueuedOperation["entityType"], readonly string[]> = {
  task: taskKeys.all,
  subtask: taskKeys.all,
  category: categoryKeys.all,
  settings: settingsKeys.all,
  module: [],
};

function describe(operation: QueuedOperation): string {
  const what =
    operation.entityType === "module"
      ? (MODULES.find((module) => module.id === operation.entityId)?.name.toLowerCase() ?? "module data")
      : ENTITIES[operation.entityType];
  return `${ACTIONS[operation.type]} ${what}`;
}

/** The data a discarded change had shown, to load again from the server. */
function dataOf(operation: QueuedOperation): readonly (readonly string[])[] {
  if (operation.entityType !== "module") return [DATA_OF[operation.entityType]];
  const module = WEB_MODULES.find((candidate) => candidate.id === operation.entityId);
  return (module?.queryRoots ?? []).map((root) => [root]);
}

function when(timestamp: number): string {
  return formatDateTime(timestamp, appTimeLocale());
}

/** /offline: what this device still has to send, and what the server refused, with retry and discard. */
export default function OfflinePage() {
  const operations = useQueuedOperations();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const waiting = operations?.filter((operation) => !operation.rejected) ?? [];
  const refused = operations?.filter((operation) => operation.rejected) ?? [];

  const sendNow = async () => {
    setBusy(true);
    try {
      await Promise.all(
        waiting.filter((operation) => operation.status === "failed").map((operation) => retryOperation(operation.id)),
      );
      await flushQueue();
    } finally {
      setBusy(false);
    }
  };

  const discard = async (operation: QueuedOperation) => {
    await discardOperation(operation.id);
    // What the change had shown on this device goes back to what the server holds.
    await Promise.all(dataOf(operation).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    notify.success("Change discarded", { description: operation.label });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Offline changes</h1>
        <p className="mt-1 text-ink-muted">
          Every change is saved on this device first and sent to the server in order. Nothing here is lost by closing
          the app.
        </p>
      </header>

      <div
        role="status"
        className={`flex items-center gap-3 rounded-xl border p-4 ${online ? "border-line bg-surface" : "border-warning/40 bg-warning-soft"}`}
      >
        <CloudOff aria-hidden="true" className={`size-5 shrink-0 ${online ? "text-ink-muted" : "text-warning"}`} />
        <p className="text-sm">
          {online
            ? waiting.length === 0
              ? "You are online and every change has been sent."
              : `You are online: ${waiting.length === 1 ? "1 change is" : `${waiting.length} changes are`} being sent.`
            : "You are offline. Changes are kept on this device and sent when the connection is back."}
        </p>
      </div>

      <Section
        title="Waiting to be sent"
        description="Sent automatically, oldest first; after a failed try the next one waits a little longer (up to 5 minutes)."
      >
        {operations === undefined ? (
          <p className="text-sm text-ink-muted">Loading…</p>
        ) : waiting.length === 0 ? (
          <p className="text-sm text-ink-muted">Nothing is waiting.</p>
        ) : (
          <>
            <OperationList operations={waiting} />
            <button
              type="button"
              disabled={!online || busy}
              onClick={() => void sendNow()}
              className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-brand-ink hover:bg-brand-hover disabled:opacity-60"
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Send now
            </button>
          </>
        )}
      </Section>

      <Section
        title="Refused by the server"
        description="The server did not accept these changes, for the reason shown. Try again (after fixing the cause), or discard the change to see what the server holds."
        tone={refused.length > 0 ? "danger" : "normal"}
      >
        {refused.length === 0 ? (
          <p className="text-sm text-ink-muted">None.</p>
        ) : (
          <OperationList
            operations={refused}
            actions={(operation) => (
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => void retryOperation(operation.id)}
                  aria-label={`Retry: ${describe(operation)} "${operation.label}"`}
                  className="inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Retry
                </button>
                <button
                  type="button"
                  onClick={() => void discard(operation)}
                  aria-label={`Discard: ${describe(operation)} "${operation.label}"`}
                  className="inline-flex items-center gap-1.5 rounded-md border border-danger/40 px-3 py-1.5 text-sm font-medium text-danger hover:bg-danger-soft"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Discard
                </button>
              </div>
            )}
          />
        )}
      </Section>
    </div>
  );
}

function OperationList({
  operations,
  actions,
}: {
  operations: QueuedOperation[];
  actions?: (operation: QueuedOperation) => React.ReactNode;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Changes">
      {operations.map((operation) => (
        <li key={operation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium">
              {describe(operation)}: <span className="break-words">{operation.label}</span>
            </p>
            <p className="text-sm text-ink-muted">
              {when(operation.timestamp)}
              {operation.status === "processing" && " · sending…"}
              {operation.retryCount > 0 &&
                ` · tried ${operation.retryCount} ${operation.retryCount === 1 ? "time" : "times"}`}
            </p>
            {operation.errorMessage && (
              <p className="mt-1 text-sm text-danger" data-testid="operation-error">
                {operation.errorMessage}
              </p>
            )}
          </div>
          {actions?.(operation)}
        </li>
      ))}
    </ul>
  );
}
