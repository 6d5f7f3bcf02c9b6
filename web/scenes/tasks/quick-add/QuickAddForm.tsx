import { Plus } from "lucide-react";
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useId,
  useMemo,
  useState,
} from "react";
import type { Category } from "../../../../domain/categories";
import { TASK_NOTES_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "../../../../domain/task-rules";
import type { NewTask } from "../../../api/tasks";
import { buttonClass } from "../../../components/form";
import { useNow } from "../../../hooks/use-now";
import { localTimeZone } from "../task-view";
import { HighlightedLine } from "./HighlightedLine";
import { PastedLines } from "./PastedLines";
import { type KeptAsText, readLine } from "./quick-add-reading";
import { categoriesBeginningWith, CategorySuggestions, typedCategoryAt } from "./CategorySuggestions";
import { UnderstoodParts } from "./UnderstoodParts";
import { loadQuickAddParser, useQuickAddParser } from "./use-quick-add-parser";

type Added = Omit<NewTask, "groupId">;

/**
 * Quick add: one line and Enter. What it understands as you type ("fri 5pm", "#Home", "p1",
 * "every monday", notes after " : ") is highlighted and listed below, each with a button that
 * keeps those words in the title instead. A pasted list offers one task per line.
 */
export function QuickAddForm({
  inputRef,
  categories,
  defaultCategory,
  defaultDeadline,
  placeholder = "Add a task: “Call mum fri 5pm”",
  onAdd,
  onLeave,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  categories: readonly Category[];
  /** The category of a line without `#name`. */
  defaultCategory: string;
  /** The deadline of a line without a date (Today's quick add: today). */
  defaultDeadline?: string;
  placeholder?: string;
  /** Resolves to false when the task could not be added: the line comes back to be tried again. */
  onAdd: (task: Added) => Promise<boolean>;
  /** Escape: the user is done adding; the page moves focus on (to its list). */
  onLeave?: () => void;
}) {
  const [text, setText] = useState("");
  const [kept, setKept] = useState<KeptAsText[]>([]);
  const [caret, setCaret] = useState(0);
  const [pasted, setPasted] = useState<string[] | null>(null);
  const parser = useQuickAddParser();
  const now = useNow();
  const inputId = useId();
  const hintId = useId();
  const timeZone = useMemo(() => localTimeZone(), []);
  const locale = typeof navigator === "undefined" ? "en" : navigator.language;

  const context = { now, timeZone, locale, categories, defaultCategory, defaultDeadline };
  const reading = readLine(text, kept, context, parser?.parseQuickAdd ?? null);
  const typedCategory = parser ? typedCategoryAt(text, caret) : null;
  const suggestions = typedCategory ? categoriesBeginningWith(typedCategory.typed, categories) : [];

  function change(value: string, caretAt: number) {
    setText(value);
    setCaret(caretAt);
    if (!value.trim()) setKept([]);
  }

  async function addLine(line: string, keptParts: readonly KeptAsText[]): Promise<boolean> {
    // Enter before the parser arrived: it is a moment away, and reading the line beats a literal title.
    const module = parser ?? (await loadQuickAddParser().catch(() => null));
    const { task } = readLine(line, keptParts, { ...context, now: new Date() }, module?.parseQuickAdd ?? null);
    return task ? onAdd(task) : false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    const line = text;
    const keptParts = kept;
    setText("");
    setKept([]);
    setCaret(0);
    const added = await addLine(line, keptParts);
    if (!added) {
      setText((current) => current || line);
      setKept((current) => (current.length > 0 ? current : keptParts));
    }
  }

  async function addPasted(lines: string[]) {
    setPasted(null);
    for (const line of lines) {
      if (!(await addLine(line, []))) return;
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const lines = parser?.splitPastedLines(event.clipboardData.getData("text")) ?? [];
    if (lines.length < 2) return;
    event.preventDefault();
    setPasted(lines);
  }

  function complete(category: Category) {
    if (!typedCategory) return;
    const label = /\s/.test(category.label) ? `"${category.label}"` : category.label;
    const value = `${text.slice(0, typedCategory.start)}#${label} ${text.slice(typedCategory.end).trimStart()}`;
    const caretAt = typedCategory.start + label.length + 2;
    change(value, caretAt);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(caretAt, caretAt));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Tab" && !event.shiftKey && suggestions[0]) {
      event.preventDefault();
      complete(suggestions[0]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (pasted) setPasted(null);
      else {
        event.currentTarget.blur();
        onLeave?.();
      }
    }
  }

  return (
    <form
      aria-label="Add a task"
      onSubmit={(event) => void submit(event)}
      className="rounded-xl border border-line bg-surface p-1.5 shadow-sm sm:p-2"
    >
      <label htmlFor={inputId} className="sr-only">
        New task
      </label>
      <div className="flex gap-2">
        <HighlightedLine
          inputRef={inputRef}
          id={inputId}
          value={text}
          parts={reading.parts}
          // The line holds a title and, after " : ", notes.
          maxLength={TASK_TITLE_MAX_LENGTH + TASK_NOTES_MAX_LENGTH}
          placeholder={placeholder}
          describedBy={hintId}
          onChange={change}
          onFocus={() => void loadQuickAddParser().catch(() => undefined)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <button type="submit" className={`${buttonClass.primary} shrink-0`} aria-label="Add task">
          <Plus aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Add</span>
        </button>
      </div>
      <p id={hintId} className="sr-only">
        Type a task and press Enter. A date or time, p1 to p3, #category, every monday, and notes after a colon are
        understood; each understood part is listed below with a button to keep it as text.
      </p>
      {suggestions.length > 0 && <CategorySuggestions suggestions={suggestions} onPick={complete} />}
      {reading.result && reading.parts.length > 0 && (
        <UnderstoodParts
          reading={reading}
          categories={categories}
          timeZone={timeZone}
          now={now}
          onKeep={(part) => setKept((current) => [...current, { kind: part.kind, text: part.text }])}
        />
      )}
      {pasted && (
        <PastedLines
          lines={pasted}
          onAddAll={() => void addPasted(pasted)}
          onAsOne={() => {
            const joined = `${text}${pasted.join(" ")}`;
            setPasted(null);
            change(joined, joined.length);
          }}
          onCancel={() => setPasted(null)}
        />
      )}
    </form>
  );
}
