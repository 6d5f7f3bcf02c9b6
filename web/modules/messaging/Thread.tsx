import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Conversation, Message } from "../../../domain/messaging";
import { errorMessage } from "../../api/http";
import { useGroups } from "../../hooks/use-groups";
import { Composer } from "./Composer";
import { MessageItem, PendingItem } from "./MessageItem";
import { loadOlder } from "./sync";
import { useTyping } from "./typing";
import { useThread } from "./use-thread";

const buttonClass =
  "rounded-lg px-3 py-1 text-sm font-medium text-brand hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus";

/**
 * One conversation: its latest messages (older ones on request), what this device is still
 * sending, who is typing, and the composer. Works offline: the messages last seen stay readable
 * and a message written offline waits in the queue (docs/messaging.md).
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
  const { window, pending } = useThread(conversation);
  const { groups } = useGroups();
  const members = useMemo(
    () => groups.find((group) => group.id === conversation.groupId)?.members ?? [],
    [groups, conversation.groupId],
  );
  const typing = useTyping(conversation.id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [olderFailed, setOlderFailed] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const messages = useMemo(() => window.data?.messages ?? [], [window.data]);
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);

  // The newest message in view: on opening, and whenever the list grows (a message arrives, a
  // photo loads) while the reader is at its end.
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const stick = () => {
      if (atEnd.current) element.scrollTop = element.scrollHeight;
    };
    stick();
    const observer = new ResizeObserver(stick);
    for (const child of element.children) observer.observe(child);
    const added = new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) observer.observe(node as Element);
      stick();
    });
    added.observe(element, { childList: true });
    return () => {
      observer.disconnect();
      added.disconnect();
    };
  }, []);

  const nameOf = (userId: string) => members.find((member) => member.userId === userId)?.displayName ?? "Someone";
  const typingNames = typing.filter((userId) => userId !== meId).map(nameOf);
  const mySeen = seenBy(conversation, messages, meId);

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{conversation.title}</h2>
      {window.isError && !window.data && <p role="alert">{errorMessage(window.error)}</p>}
      <ol
        ref={list}
        aria-label="Messages"
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
        }}
        // The page's header, search and composer keep their place; the messages take what is left.
        className="max-h-[calc(100dvh-37rem)] min-h-40 space-y-3 overflow-y-auto overscroll-contain pr-1 md:max-h-[calc(100dvh-28rem)]"
      >
        {window.data?.hasOlder && (
          <li className="text-center">
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                atEnd.current = false;
                setOlderFailed(null);
                loadOlder(client, conversation.id).catch((error: unknown) => setOlderFailed(errorMessage(error)));
              }}
            >
              Show older messages
            </button>
            {olderFailed && (
              <p role="alert" className="text-sm text-danger">
                {olderFailed}
              </p>
            )}
          </li>
        )}
        {window.data && messages.length === 0 && pending.length === 0 && (
          <li className="text-ink-muted">No messages yet. Say hello.</li>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            repliedTo={message.replyToId ? (byId.get(message.replyToId) ?? null) : null}
            mine={message.authorId === meId}
            mentionsMe={message.mentions.includes(meId)}
            canDelete={message.authorId === meId || isOwner}
            seenBy={mySeen?.seq === message.seq ? mySeen.names : []}
            onReply={() => setReplyTo(message)}
          />
        ))}
        {pending.map((entry) => (
          <PendingItem
            key={entry.operationId}
            entry={entry}
            repliedTo={entry.replyToId ? (byId.get(entry.replyToId) ?? null) : null}
          />
        ))}
      </ol>
      <p aria-live="polite" className="min-h-5 text-sm text-ink-muted">
        {typingNames.length > 0 && `${typingNames.join(", ")} ${typingNames.length === 1 ? "is" : "are"} typing…`}
      </p>
      <Composer
        conversation={conversation}
        members={members.filter((member) => member.userId !== meId)}
        replyTo={replyTo}
        onReplyDone={() => setReplyTo(null)}
        onSent={() => {
          atEnd.current = true;
        }}
      />
    </div>
  );
}

/**
 * Read receipts (opt-in, mutual): who has read the user's newest own message, shown under it.
 * The server sends the readers only when the user shares theirs.
 */
function seenBy(conversation: Conversation, messages: readonly Message[], meId: string) {
  const mine = messages.findLast((message) => message.authorId === meId && !message.deletedAt);
  if (!mine || conversation.readers.length === 0) return null;
  const names = conversation.readers.filter((reader) => reader.lastReadSeq >= mine.seq).map((reader) => reader.name);
  return { seq: mine.seq, names };
}
