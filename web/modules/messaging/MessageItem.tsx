import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Clock, Reply } from "lucide-react";
import { useState } from "react";
import { MAX_MESSAGE_LENGTH, type Message } from "../../../domain/messaging";
import { errorMessage } from "../../api/http";
import { Markdown } from "../../components/Markdown";
import { deleteMessage, editMessage, imageUrl, messagingKeys } from "./api";
import { discardPending } from "./send";
import { type PendingMessage, plainText, replaceMessage, type ThreadWindow } from "./thread-cache";

const buttonClass =
  "rounded-lg px-2 py-1 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus";

const timeOf = (at: string) => new Date(at).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

/** The first words of the message replied to, above the reply. */
function Quote({ message }: { message: Message | null }) {
  const text = !message
    ? "an earlier message"
    : message.deletedAt
      ? "a deleted message"
      : plainText(message.body ?? "") || "an image";
  return (
    <p className="mb-1 truncate border-l-4 border-line pl-2 text-sm text-ink-muted">
      {message && !message.deletedAt && <span className="font-semibold">{message.authorName}: </span>}
      {text.length > 120 ? `${text.slice(0, 120)}…` : text}
    </p>
  );
}

function Picture({ src, width, height, alt }: { src: string; width?: number; height?: number; alt: string }) {
  return (
    <a href={src} target="_blank" rel="noreferrer" className="mt-2 block w-fit">
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        className="max-h-60 w-auto max-w-full rounded-lg border border-line object-contain"
      />
    </a>
  );
}

/** A message of the conversation: its author's edit and delete, the group owner's delete, a reply. */
export function MessageItem({
  message,
  repliedTo,
  mine,
  mentionsMe,
  canDelete,
  seenBy,
  onReply,
}: {
  message: Message;
  repliedTo: Message | null;
  mine: boolean;
  mentionsMe: boolean;
  canDelete: boolean;
  seenBy: readonly string[];
  onReply: () => void;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const replace = (updated: Message) =>
    client.setQueryData<ThreadWindow>(messagingKeys.messages(message.conversationId), (old) =>
      old ? replaceMessage(old, updated) : old,
    );
  const save = useMutation({
    mutationFn: (body: string) => editMessage(message.conversationId, message.id, body),
    onSuccess: replace,
  });
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.conversationId, message.id),
    onSuccess: replace,
  });
  const deleted = message.deletedAt !== null;

  return (
    <li
      aria-label={`${message.authorName} at ${timeOf(message.createdAt)}${mentionsMe ? ", mentions you" : ""}`}
      className={`rounded-xl border px-3 py-2 ${mentionsMe ? "border-brand bg-brand/5" : "border-line bg-surface"} ${mine ? "ml-6 sm:ml-12" : "mr-6 sm:mr-12"}`}
    >
      <p className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">{message.authorName}</span> ·{" "}
        <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
        {message.editedAt && !deleted && " · edited"}
      </p>
      {message.replyToId && !deleted && <Quote message={repliedTo} />}
      {deleted ? (
        <p className="italic text-ink-muted">This message was deleted.</p>
      ) : editing !== null ? (
        <form
          className="mt-1 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim() || message.image) save.mutate(editing.trim(), { onSuccess: () => setEditing(null) });
          }}
        >
          <label className="sr-only" htmlFor={`edit-${message.id}`}>
            Edit message
          </label>
          <textarea
            id={`edit-${message.id}`}
            value={editing}
            maxLength={MAX_MESSAGE_LENGTH}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setEditing(null);
            }}
            className="block w-full rounded-lg border border-line bg-canvas px-3 py-2"
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonClass}>
              Save
            </button>
            <button type="button" className={buttonClass} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {message.body && <Markdown source={message.body} className="mt-1 break-words" />}
          {message.image && (
            <Picture
              src={imageUrl(message)}
              width={message.image.width}
              height={message.image.height}
              alt={`Image from ${message.authorName}`}
            />
          )}
        </>
      )}
      {!deleted && editing === null && (
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <button type="button" className={buttonClass} onClick={onReply} aria-label={`Reply to ${message.authorName}`}>
            <Reply aria-hidden="true" className="mr-1 inline size-4" />
            Reply
          </button>
          {mine && (
            <button type="button" className={buttonClass} onClick={() => setEditing(message.body ?? "")}>
              Edit
            </button>
          )}
          {canDelete && (
            <button type="button" className={buttonClass} onClick={() => remove.mutate()}>
              Delete
            </button>
          )}
          {seenBy.length > 0 && <span className="ml-auto text-xs text-ink-muted">Seen by {seenBy.join(", ")}</span>}
        </div>
      )}
      {(save.isError || remove.isError) && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(save.error ?? remove.error)}
        </p>
      )}
    </li>
  );
}

/** A message this device is sending (or could not): shown as written, marked until the server has it. */
export function PendingItem({ entry, repliedTo }: { entry: PendingMessage; repliedTo: Message | null }) {
  const client = useQueryClient();
  return (
    <li
      aria-label={entry.refused ? "Message not sent" : "Message waiting to be sent"}
      className={`ml-6 rounded-xl border border-dashed px-3 py-2 sm:ml-12 ${entry.refused ? "border-danger" : "border-line"}`}
    >
      <p className="flex items-center gap-1 text-sm text-ink-muted">
        <Clock aria-hidden="true" className="size-4" />
        {entry.refused ? "Not sent" : "Waiting to send"}
      </p>
      {entry.replyToId && <Quote message={repliedTo} />}
      {entry.body && <Markdown source={entry.body} className="mt-1 break-words" />}
      {entry.image && <Picture src={entry.image} alt="Image being sent" />}
      {entry.refused && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <p role="alert" className="text-sm text-danger">
            {entry.refused}
          </p>
          <button type="button" className={buttonClass} onClick={() => void discardPending(client, entry)}>
            Discard
          </button>
        </div>
      )}
    </li>
  );
}
