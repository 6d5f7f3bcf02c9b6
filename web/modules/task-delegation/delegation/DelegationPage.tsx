import { Check, History, Inbox, Send, Undo2, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Delegation } from "../../../../domain/delegation";
import { formatDate } from "../../../../domain/time-format";
import { buttonClass } from "../../../components/form";
import { useGroups } from "../../../hooks/use-groups";
import { taskPath } from "../../../hooks/use-mobile";
import { useOnline } from "../../../offline/use-offline";
import { appTimeLocale } from "../../../stores/time-locale";
import { decisionPaths, useDecision, useDelegations } from "./api";
import { AloneNote, ListSection, OfflineNote, PageFrame, PageHeader, Pending } from "./PageParts";

const STATUS_LABELS: Record<Delegation["status"], string> = {
  pending: "Waiting",
  accepted: "Accepted",
  declined: "Declined",
  revoked: "Revoked",
};

const STATUS_TONES: Record<Delegation["status"], string> = {
  pending: "bg-surface-muted text-ink-muted",
  accepted: "bg-success/15 text-success",
  declined: "bg-danger/10 text-danger",
  revoked: "bg-surface-muted text-ink-muted",
};

/** /task-delegation: requests waiting for the user, theirs to others, and what was decided. */
export default function DelegationPage() {
  const query = useDelegations();
  const { groups } = useGroups();
  const shared = groups.some((group) => group.members.length > 1);
  const ids = { incoming: useId(), outgoing: useId(), history: useId() };
  return (
    <PageFrame>
      <PageHeader title="Delegation">
        Ask someone in your group to take one of your tasks. You stay its owner; they accept or decline with a note. Ask
        from a task’s page: “Ask someone to take it”.
      </PageHeader>
      <OfflineNote />
      {!shared && groups.length > 0 && (
        <AloneNote>Delegation needs someone to ask: you are the only member of your groups.</AloneNote>
      )}
      {!query.data ? (
        <Pending query={query} what="your requests" />
      ) : (
        <>
          <ListSection
            id={ids.incoming}
            title="Waiting for you"
            count={query.data.incoming.length}
            icon={Inbox}
            empty="Nobody is waiting for your answer."
          >
            {query.data.incoming.map((request) => (
              <IncomingRequest key={request.id} request={request} />
            ))}
          </ListSection>
          <ListSection
            id={ids.outgoing}
            title="You asked"
            count={query.data.outgoing.length}
            icon={Send}
            empty="No open requests of yours."
          >
            {query.data.outgoing.map((request) => (
              <OutgoingRequest key={request.id} request={request} />
            ))}
          </ListSection>
          <ListSection
            id={ids.history}
            title="History"
            count={query.data.history.length}
            icon={History}
            empty="Answered and revoked requests appear here."
          >
            {query.data.history.map((request) => (
              <li key={request.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
                <RequestText request={request} />
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[request.status]}`}>
                  {STATUS_LABELS[request.status]}
                </span>
              </li>
            ))}
          </ListSection>
        </>
      )}
    </PageFrame>
  );
}

function RequestText({ request }: { request: Delegation }) {
  return (
    <div className="min-w-0 flex-1">
      <Link to={taskPath(request.taskId)} className="font-medium break-words hover:underline">
        {request.taskTitle}
      </Link>
      <p className="mt-0.5 text-xs text-ink-muted">
        {request.from.name} asked {request.to.name} on {formatDate(request.createdAt, appTimeLocale())}
      </p>
      {request.note && <p className="mt-1 text-sm break-words">“{request.note}”</p>}
      {request.answerNote && (
        <p className="mt-1 text-sm break-words text-ink-muted">
          {request.to.name}: “{request.answerNote}”
        </p>
      )}
    </div>
  );
}

function IncomingRequest({ request }: { request: Delegation }) {
  const online = useOnline();
  const { busy, send } = useDecision();
  const [note, setNote] = useState("");
  const noteId = useId();
  const disabled = busy || !online;
  const answer = (action: "accept" | "decline") =>
    void send(
      decisionPaths.answer(request.id, action),
      "POST",
      { note },
      action === "accept" ? `You took “${request.taskTitle}”` : "Declined",
    );
  return (
    <li className="space-y-3 px-4 py-3">
      <RequestText request={request} />
      <div>
        <label htmlFor={noteId} className="sr-only">
          Note to {request.from.name} about “{request.taskTitle}”
        </label>
        <input
          id={noteId}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          placeholder={`A note to ${request.from.name} (optional)`}
          className="block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} disabled={disabled} onClick={() => answer("accept")}>
          <Check aria-hidden="true" className="size-4" />
          Accept<span className="sr-only"> “{request.taskTitle}”</span>
        </button>
        <button type="button" className={buttonClass.secondary} disabled={disabled} onClick={() => answer("decline")}>
          <X aria-hidden="true" className="size-4" />
          Decline<span className="sr-only"> “{request.taskTitle}”</span>
        </button>
      </div>
    </li>
  );
}

function OutgoingRequest({ request }: { request: Delegation }) {
  const online = useOnline();
  const { busy, send } = useDecision();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
      <RequestText request={request} />
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={busy || !online}
        onClick={() => void send(decisionPaths.answer(request.id, "revoke"), "POST", undefined, "Request revoked")}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        Revoke<span className="sr-only"> the request for “{request.taskTitle}”</span>
      </button>
    </li>
  );
}
