import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { MAX_MESSAGE_LENGTH, type Conversation, type Message, type Messages } from "../../../domain/messaging";
import { errorMessage } from "../../api/http";
import { Markdown } from "../../components/Markdown";
import { deleteMessage, editMessage, getMessages, markRead, messagingKeys, sendMessage } from "./api";

const buttonClass =
  "rounded-lg px-2 py-1 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus";

/**
 * One conversation: its messages oldest first, what the user writes, and their own messages'
 * edit and delete (the group's owner deletes any). A message shows at once while it is sent;
 * its client id makes a retry one message (docs/messaging.md).
 */
export function Thread({
  conversation,
  meId,
  isOwner,
}: {
  conversation: Conversation;
  meId: string;
  isOwner: boolean;
}) {
  const client = useQueryClient();
  const key = messagingKeys.messages(conversation.id);
  const messages = useQuery({ queryKey: key, queryFn: () => getMessages(conversation.id, 0) });
  const [draft, setDraft] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();

  const send = useMutation({
    mutationFn: (body: string) => sendMessage(conversation.id, { clientId: crypto.randomUUID(), body }),
    onSuccess: (message) => {
      client.setQueryData<Messages>(key, (old) =>
        old && !old.messages.some((m) => m.id === message.id)
          ? { messages: [...old.messages, message], lastSeq: Math.max(old.lastSeq, message.seq) }
          : old,
      );
      void client.invalidateQueries({ queryKey: messagingKeys.list });
    },
    onError: (error, body) => {
      setFailure(errorMessage(error));
      setDraft((current) => current || body);
    },
  });

  // What is on screen is read: the marker moves to the newest message shown.
  const newest = messages.data?.lastSeq ?? 0;
  useEffect(() => {
    if (newest > conversation.lastReadSeq) {
      void markRead(conversation.id, newest)
        .then(() => client.invalidateQueries({ queryKey: messagingKeys.list }))
        .catch(() => undefined);
    }
  }, [newest, conversation.id, conversation.lastReadSeq, client]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || send.isPending) return;
    setFailure(null);
    setDraft("");
    send.mutate(body);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{conversation.title}</h2>
      {messages.isError && <p role="alert">{errorMessage(messages.error)}</p>}
      {messages.data && messages.data.messages.length === 0 && (
        <p className="text-ink-muted">No messages yet. Say hello to your group.</p>
      )}
      <ol aria-label="Messages" className="space-y-3">
        {messages.data?.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            conversationId={conversation.id}
            mine={message.authorId === meId}
            canDelete={message.authorId === meId || isOwner}
          />
        ))}
      </ol>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          value={draft}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={2}
          placeholder="Write a message (Enter sends, Shift+Enter for a new line)"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-ink focus:border-brand focus:outline-3 focus:outline-focus"
        />
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
        <button
          type="submit"
          disabled={!draft.trim() || send.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-ink hover:bg-brand-hover disabled:opacity-50"
        >
          Send
        </button>
      </form>
    </div>
  );
}

function MessageItem({
  message,
  conversationId,
  mine,
  canDelete,
}: {
  message: Message;
  conversationId: string;
  mine: boolean;
  canDelete: boolean;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const replace = (updated: Message) =>
    client.setQueryData<Messages>(messagingKeys.messages(conversationId), (old) =>
      old ? { ...old, messages: old.messages.map((m) => (m.id === updated.id ? updated : m)) } : old,
    );
  const save = useMutation({
    mutationFn: (body: string) => editMessage(conversationId, message.id, body),
    onSuccess: replace,
  });
  const remove = useMutation({ mutationFn: () => deleteMessage(conversationId, message.id), onSuccess: replace });
  const time = new Date(message.createdAt).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

  return (
    <li className="rounded-xl border border-line bg-surface px-3 py-2">
      <p className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">{message.authorName}</span> ·{" "}
        <time dateTime={message.createdAt}>{time}</time>
        {message.editedAt && !message.deletedAt && " · edited"}
      </p>
      {message.deletedAt ? (
        <p className="italic text-ink-muted">This message was deleted.</p>
      ) : editing !== null ? (
        <form
          className="mt-1 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim()) save.mutate(editing.trim(), { onSuccess: () => setEditing(null) });
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
        <Markdown source={message.body ?? ""} className="mt-1" />
      )}
      {!message.deletedAt && editing === null && (mine || canDelete) && (
        <div className="mt-1 flex gap-1">
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
