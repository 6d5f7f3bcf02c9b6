import { type ClipboardEvent, type KeyboardEvent, type RefObject, useState } from "react";
import type { PartKind, QuickAddPart } from "../../../../domain/quick-add";

/** The background each kind of understood part gets; the chips below use the same colours. */
export const PART_HIGHLIGHT: Record<PartKind, string> = {
  date: "bg-sky-200/80 dark:bg-sky-800/70",
  time: "bg-sky-200/80 dark:bg-sky-800/70",
  recurrence: "bg-violet-200/80 dark:bg-violet-800/70",
  priority: "bg-amber-200/80 dark:bg-amber-800/70",
  category: "bg-emerald-200/80 dark:bg-emerald-800/70",
  notes: "bg-surface-muted",
};

const FIELD =
  "block w-full rounded-lg border border-line px-3 py-2 text-base leading-6 whitespace-pre sm:text-sm sm:leading-6";

/**
 * A text field whose understood parts are highlighted as you type: the same text is laid out
 * behind the (transparent) field with marks under those parts, and follows the field's scroll.
 * The marks are decoration (aria-hidden); the chips below the field say the same in words.
 */
export function HighlightedLine({
  inputRef,
  id,
  value,
  parts,
  maxLength,
  placeholder,
  describedBy,
  onChange,
  onFocus,
  onKeyDown,
  onPaste,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  value: string;
  parts: readonly QuickAddPart[];
  maxLength: number;
  placeholder: string;
  describedBy: string;
  onChange: (value: string, caret: number) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const [scroll, setScroll] = useState(0);
  const follow = () => setScroll(inputRef.current?.scrollLeft ?? 0);

  return (
    <div className="relative min-w-0 flex-1 rounded-lg bg-canvas">
      <div
        aria-hidden="true"
        className={`${FIELD} pointer-events-none absolute inset-0 overflow-hidden text-transparent`}
      >
        <span className="inline-block" style={{ transform: `translateX(${-scroll}px)` }}>
          {segments(value, parts).map((segment, index) =>
            segment.kind ? (
              <mark key={index} className={`rounded-sm text-transparent ${PART_HIGHLIGHT[segment.kind]}`}>
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </span>
      </div>
      <input
        ref={inputRef}
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-describedby={describedBy}
        autoComplete="off"
        enterKeyHint="done"
        spellCheck={false}
        onChange={(event) => {
          onChange(event.target.value, event.target.selectionStart ?? event.target.value.length);
          follow();
        }}
        onSelect={(event) => {
          const input = event.currentTarget;
          onChange(input.value, input.selectionStart ?? input.value.length);
          follow();
        }}
        onScroll={follow}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        className={`${FIELD} relative bg-transparent text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus`}
      />
    </div>
  );
}

/** The line cut at the parts' edges, each piece with the kind it was read as (or none). */
function segments(value: string, parts: readonly QuickAddPart[]): { text: string; kind: PartKind | null }[] {
  const pieces: { text: string; kind: PartKind | null }[] = [];
  let at = 0;
  for (const part of [...parts].sort((a, b) => a.start - b.start)) {
    if (part.start < at) continue;
    if (part.start > at) pieces.push({ text: value.slice(at, part.start), kind: null });
    pieces.push({ text: value.slice(part.start, part.end), kind: part.kind });
    at = part.end;
  }
  if (at < value.length) pieces.push({ text: value.slice(at), kind: null });
  return pieces;
}
