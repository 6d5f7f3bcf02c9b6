import { GripHorizontal, Maximize2, X } from "lucide-react";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { buttonClass } from "../../../components/form";
import { isNotFound, useTask } from "../../../hooks/use-tasks";
import { taskPath } from "../../../hooks/use-mobile";
import { useOnline } from "../../../offline/use-offline";
import { notify } from "../../../stores/notifier";
import { TaskEditor } from "../TaskEditor";

/** From this width the task opens beside the list; below it, as a sheet over it. */
const SIDE_PANE_QUERY = "(min-width: 64rem)";
/** The side pane's width: narrower on a 1024 px window with the sidebar, at most 28rem. */
const SIDE_PANE_WIDTH = "clamp(20rem, 34vw, 28rem)";
/** How far a sheet is pulled down before letting go closes it. */
const SWIPE_CLOSE_PX = 120;

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  };
}
const subscribeSidePane = subscribeTo(SIDE_PANE_QUERY);

function useSidePane(): boolean {
  return useSyncExternalStore(
    subscribeSidePane,
    () => window.matchMedia(SIDE_PANE_QUERY).matches,
    () => true,
  );
}

/** A keystroke meant for a field (or a control that uses Escape itself), not for the pane. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit"].includes(target.type);
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The open task: a pane on the right from 1024 px, beside the list; a sheet over the whole window
 * below that. Loaded when a task is first opened (TaskPaneHost).
 */
export default function TaskPane({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const side = useSidePane();
  return side ? <SidePane taskId={taskId} onClose={onClose} /> : <Sheet taskId={taskId} onClose={onClose} />;
}

function PaneBar({ taskId, onClose, children }: { taskId: string; onClose: () => void; children?: ReactNode }) {
  return (
    <div className="flex shrink-0 items-center gap-1 border-b border-line px-3 py-2">
      <div className="flex min-w-0 flex-1 items-center">{children}</div>
      <Link
        to={taskPath(taskId)}
        className="grid size-10 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
        title="Open as a page"
      >
        <Maximize2 aria-hidden="true" className="size-4" />
        <span className="sr-only">Open the task as a page</span>
      </Link>
      <button
        type="button"
        onClick={onClose}
        className="grid size-10 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
        title="Close (Esc)"
      >
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">Close the task</span>
      </button>
    </div>
  );
}

/** Beside the list from 1024 px: not modal, so the list stays usable; Escape closes it. */
function SidePane({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [top, setTop] = useState(0);

  // Below the app's header, which stays at the top of the window.
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>("header");
    if (!header) return;
    const measure = () => setTop(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    // Escape closes the pane from the list too, unless a field or another dialog takes it.
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (typingIn(event.target) || document.querySelector("dialog[open], [popover]:popover-open")) return;
      event.preventDefault();
      onClose();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <div
      ref={ref}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-task-pane="side"
      // Focus lands on the pane itself so that Tab starts inside it; it is no control to ring.
      // (No margin a list's spacing utilities might give it: it is fixed to the window's edges.)
      style={{ top, width: SIDE_PANE_WIDTH, outline: "none", margin: 0 }}
      className="fixed right-0 bottom-0 z-10 flex flex-col border-l border-line bg-surface shadow-xl"
    >
      {/* The list makes room for the pane instead of lying under it. */}
      <style>{`@media ${SIDE_PANE_QUERY} { #main { padding-right: calc(${SIDE_PANE_WIDTH} + 1.5rem); } }`}</style>
      <PaneBar taskId={taskId} onClose={onClose} />
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5">
        <PaneContent taskId={taskId} headingId={headingId} onClose={onClose} />
      </div>
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Below 1024 px: a modal sheet over the whole window (the list, header and navigation are inert
 * behind it; toasts stay above it and usable). Focus stays inside; Escape, the close button or
 * pulling it down closes it.
 */
function Sheet({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [pull, setPull] = useState<{ start: number; offset: number } | null>(null);

  useLayoutEffect(() => {
    // Everything the app shows except the toasts (sonner marks its region) goes inert.
    const behind = [...document.querySelectorAll<HTMLElement>("#root > *")].filter(
      (element) => !element.hasAttribute("data-react-aria-top-layer") && !element.inert,
    );
    for (const element of behind) element.inert = true;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    ref.current?.focus({ preventScroll: true });
    return () => {
      for (const element of behind) element.inert = false;
      root.style.overflow = overflow;
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && !event.defaultPrevented) {
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const grab = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest("a, button")) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setPull({ start: event.clientY, offset: 0 });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (pull) setPull({ ...pull, offset: Math.max(0, event.clientY - pull.start) });
    },
    onPointerUp: () => {
      if (pull && pull.offset > SWIPE_CLOSE_PX) onClose();
      setPull(null);
    },
    onPointerCancel: () => setPull(null),
  };

  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        data-task-pane="sheet"
        onKeyDown={onKeyDown}
        style={{ outline: "none", ...(pull && { transform: `translateY(${pull.offset}px)` }) }}
        className={`relative flex h-dvh w-full flex-col bg-surface text-ink shadow-xl sm:h-[calc(100dvh-2rem)] sm:max-w-2xl sm:rounded-t-2xl sm:border sm:border-b-0 sm:border-line ${pull ? "" : "transition-transform"}`}
      >
        <div className="touch-none" {...grab}>
          <div aria-hidden="true" className="flex justify-center pt-1.5 text-ink-muted">
            <GripHorizontal className="size-5" />
          </div>
          <PaneBar taskId={taskId} onClose={onClose} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
          <PaneContent taskId={taskId} headingId={headingId} onClose={onClose} />
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * The task's editor, or what stands in for it. A task that is deleted while open (by anyone), or
 * that is not found (or not shared with the user), closes the pane with a toast saying so.
 */
function PaneContent({ taskId, headingId, onClose }: { taskId: string; headingId: string; onClose: () => void }) {
  const query = useTask(taskId);
  const online = useOnline();
  const [hadTask, setHadTask] = useState(false);
  if (query.data && !hadTask) setHadTask(true);
  const deletedHere = useRef(false);
  const gone = query.isError && isNotFound(query.error);

  useEffect(() => {
    if (!gone || deletedHere.current) return;
    notify.warning(
      hadTask
        ? "The task was deleted, or it is no longer shared with your groups"
        : "Task not found: there is no such task, or it belongs to a group you are not in",
      { id: `task-pane-gone-${taskId}` },
    );
    onClose();
  }, [gone, hadTask, onClose, taskId]);

  if (gone) return null;
  if (query.data) {
    return (
      <TaskEditor
        task={query.data}
        variant="pane"
        headingId={headingId}
        onDeleted={() => {
          deletedHere.current = true;
          onClose();
        }}
      />
    );
  }
  if (!online) {
    return (
      <Notice headingId={headingId} title="This task is not on this device yet">
        It shows here once you are back online.
      </Notice>
    );
  }
  if (query.isError) {
    return (
      <Notice headingId={headingId} title="The task could not be loaded">
        <p>{query.error.message}</p>
        <button type="button" className={`${buttonClass.primary} mt-4`} onClick={() => void query.refetch()}>
          Try again
        </button>
      </Notice>
    );
  }
  return (
    <div role="status" className="space-y-4">
      <h2 id={headingId} className="sr-only">
        Loading the task…
      </h2>
      <div aria-hidden="true" className="h-7 w-2/3 animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-surface-muted" />
    </div>
  );
}

function Notice({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <div className="py-6 text-center">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-ink-muted">{children}</div>
    </div>
  );
}
