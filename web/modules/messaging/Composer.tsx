import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus, X } from "lucide-react";
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import type { PublicProfile } from "../../../domain/profiles";
import {
  MAX_MESSAGE_LENGTH,
  type Conversation,
  type Message,
  TYPING_REPORT_INTERVAL_MS,
} from "../../../domain/messaging";
import { HiddenFileInput } from "../../components/HiddenFileInput";
import { preparePhoto } from "../../components/photo";
import { reportTyping } from "./api";
import { sendThroughQueue } from "./send";
import { mentionQuery, mentionsIn, plainText } from "./thread-cache";

const iconButton =
  "inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus";

/**
 * What the user writes: text (Enter sends, Shift+Enter a new line), "@" to mention a member (a
 * list to pick from by arrows and Enter, or by pointer), a photo, and the message it replies to.
 */
export function Composer({
  conversation,
  members,
  replyTo,
  onReplyDone,
  onSent,
}: {
  conversation: Conversation;
  members: readonly PublicProfile[];
  replyTo: Message | null;
  onReplyDone: () => void;
  onSent: () => void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState("");
  const [photo, setPhoto] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const [caret, setCaret] = useState(0);
  const [highlighted, setHighlighted] = useState(0);
  const lastTypingReport = useRef(0);
  const caretAfterPick = useRef<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();

  const query = mentionQuery(draft, caret);
  const matches = query
    ? members.filter((member) => member.displayName.toLowerCase().includes(query.query.toLowerCase())).slice(0, 6)
    : [];
  const choosing = matches.length > 0;

  function pick(member: PublicProfile) {
    if (!query) return;
    const inserted = `@${member.displayName} `;
    const next = draft.slice(0, query.start) + inserted + draft.slice(caret);
    setDraft(next);
    setPicked(new Map(picked).set(member.userId, member.displayName));
    const at = query.start + inserted.length;
    setCaret(at);
    setHighlighted(0);
    caretAfterPick.current = at;
  }

  // The caret goes after the picked name as the new text is shown, before the next key is read: a
  // frame later, a fast typist's next letters would already stand behind it.
  useLayoutEffect(() => {
    if (caretAfterPick.current === null) return;
    input.current?.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  }, [draft]);

  function send() {
    const body = draft.trim();
    if (!body && !photo) return;
    void sendThroughQueue(client, conversation, {
      body,
      image: photo,
      replyToId: replyTo?.id ?? null,
      mentions: mentionsIn(body, picked),
    });
    setDraft("");
    setPhoto(null);
    setPicked(new Map());
    setProblem(null);
    onReplyDone();
    onSent();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (choosing && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((current) => (current + step + matches.length) % matches.length);
      return;
    }
    if (choosing && (event.key === "Enter" || event.key === "Tab")) {
      event.preventDefault();
      pick(matches[Math.min(highlighted, matches.length - 1)]!);
      return;
    }
    if (event.key === "Escape" && replyTo) onReplyDone();
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  function onChange(text: string, at: number) {
    setDraft(text);
    setCaret(at);
    setHighlighted(0);
    const now = Date.now();
    if (text && now - lastTypingReport.current >= TYPING_REPORT_INTERVAL_MS) {
      lastTypingReport.current = now;
      reportTyping(conversation.id).catch(() => undefined);
    }
  }

  async function attach(chosen: File | undefined) {
    if (!chosen) return;
    const prepared = await preparePhoto(chosen);
    if ("problem" in prepared) setProblem(prepared.problem);
    else {
      setProblem(null);
      setPhoto(prepared.dataUrl);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="space-y-2"
    >
      {replyTo && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-surface-muted px-3 py-1 text-sm">
          <span className="truncate">
            Replying to <span className="font-semibold">{replyTo.authorName}</span>
            {replyTo.body ? `: ${plainText(replyTo.body).slice(0, 80)}` : ""}
          </span>
          <button type="button" className={iconButton} onClick={onReplyDone} aria-label="Cancel reply">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <div className="relative">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          ref={input}
          value={draft}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={2}
          placeholder="Write a message. @ mentions someone; Enter sends, Shift+Enter a new line"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={choosing ? `${listId}-${highlighted}` : undefined}
          onChange={(event) => onChange(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-ink focus:border-brand focus:outline-3 focus:outline-focus"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          hidden={!choosing}
          className="absolute bottom-full left-0 z-10 mb-1 w-64 max-w-full rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {matches.map((member, index) => (
            <li
              key={member.userId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
              className="cursor-pointer px-3 py-1 aria-selected:bg-surface-muted aria-selected:font-semibold"
            >
              {member.displayName}
            </li>
          ))}
        </ul>
      </div>
      {photo && (
        <div className="flex items-start gap-2">
          <img src={photo} alt="Photo to send" className="max-h-24 rounded-lg border border-line" />
          <button type="button" className={iconButton} onClick={() => setPhoto(null)} aria-label="Remove photo">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div className="flex items-center gap-2">
        <button
          type="submit"
          disabled={!draft.trim() && !photo}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-ink hover:bg-brand-hover disabled:opacity-50"
        >
          Send
        </button>
        <HiddenFileInput ref={file} accept="image/jpeg,image/png,image/heic" onFile={(chosen) => void attach(chosen)} />
        <button type="button" className={iconButton} onClick={() => file.current?.click()}>
          <ImagePlus aria-hidden="true" className="size-4" />
          Photo
        </button>
      </div>
    </form>
  );
}
