import { type PointerEvent as ReactPointerEvent, useEffect, useLayoutEffect, useRef, useState } from "react";

/** The id of the label that follows the pointer while dragging. */
export const DRAG_GHOST_ID = "calendar-drag-ghost";

/** Shown while dragging: what is dragged and the day under the pointer (null outside the days). */
export interface DragShown {
  key: string;
  title: string;
  overDay: string | null;
}

interface Pending {
  key: string;
  title: string;
  fromDay: string;
  pointerId: number;
  startX: number;
  startY: number;
  element: HTMLElement;
  touch: boolean;
  timer?: ReturnType<typeof setTimeout>;
  dragging: boolean;
}

/** How far a mouse moves before a press becomes a drag; a finger holds still this long instead. */
const MOUSE_SLOP = 5;
const TOUCH_SLOP = 8;
const TOUCH_HOLD_MS = 350;

/** The day cell under a point: elements marked `data-day`. */
function dayAt(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  return element?.closest<HTMLElement>("[data-day]")?.dataset.day ?? null;
}

/**
 * Drag an item to another day with a mouse, pen or finger. A mouse drags once it moves a few
 * pixels; a finger holds still for a moment first, so a swipe still scrolls the page. Days are
 * elements marked `data-day`; letting go over another calls `onDrop`. Escape or a cancelled
 * pointer puts it back, and the click that ends a drag does not open the item.
 */
export function useDayDrag(onDrop: (key: string, fromDay: string, toDay: string) => void) {
  const [shown, setShown] = useState<DragShown | null>(null);
  const pending = useRef<Pending | null>(null);
  const swallowClick = useRef(false);
  const at = useRef({ x: 0, y: 0 });

  /** The label that follows the pointer (DRAG_GHOST_ID) moves directly: a move re-renders nothing. */
  function follow(x: number, y: number) {
    at.current = { x, y };
    const ghost = document.getElementById(DRAG_GHOST_ID);
    if (ghost) ghost.style.transform = `translate(${x + 12}px, ${y + 12}px)`;
  }

  // The label appears a render after the drag begins: where the pointer is by then.
  const draggedKey = shown?.key;
  useLayoutEffect(() => {
    if (draggedKey) follow(at.current.x, at.current.y);
  }, [draggedKey]);

  function end(drop: boolean, x = 0, y = 0) {
    const current = pending.current;
    pending.current = null;
    if (!current) return;
    clearTimeout(current.timer);
    if (current.element.hasPointerCapture(current.pointerId)) current.element.releasePointerCapture(current.pointerId);
    if (!current.dragging) return;
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
    setShown(null);
    const toDay = drop ? dayAt(x, y) : null;
    if (toDay && toDay !== current.fromDay) onDrop(current.key, current.fromDay, toDay);
  }

  function begin(current: Pending, x: number, y: number) {
    current.dragging = true;
    current.element.setPointerCapture(current.pointerId);
    follow(x, y);
    setShown({ key: current.key, title: current.title, overDay: dayAt(x, y) });
  }

  // A finger's drag must not scroll the page; only a non-passive listener can stop that.
  useEffect(() => {
    function onTouchMove(event: TouchEvent) {
      if (pending.current?.dragging) event.preventDefault();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && pending.current?.dragging) {
        event.preventDefault();
        end(false);
      }
    }
    document.addEventListener("touchmove", onTouchMove, { passive: false });
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("touchmove", onTouchMove);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  });

  function dragProps(key: string, title: string, fromDay: string, enabled: boolean) {
    if (!enabled) return {};
    return {
      // A link is natively draggable (its address); that drag would cancel this one.
      draggable: false,
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        if (event.button !== 0 || pending.current) return;
        const touch = event.pointerType === "touch";
        const current: Pending = {
          key,
          title,
          fromDay,
          pointerId: event.pointerId,
          startX: event.clientX,
          startY: event.clientY,
          element: event.currentTarget,
          touch,
          dragging: false,
        };
        if (touch) current.timer = setTimeout(() => begin(current, current.startX, current.startY), TOUCH_HOLD_MS);
        // A fast mouse leaves the item before it counts as a drag: its moves must still come here.
        else event.currentTarget.setPointerCapture(event.pointerId);
        pending.current = current;
      },
      onPointerMove(event: ReactPointerEvent<HTMLElement>) {
        const current = pending.current;
        if (!current || event.pointerId !== current.pointerId) return;
        const distance = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
        if (!current.dragging) {
          if (current.touch && distance > TOUCH_SLOP) end(false);
          else if (!current.touch && distance > MOUSE_SLOP) begin(current, event.clientX, event.clientY);
          return;
        }
        follow(event.clientX, event.clientY);
        const overDay = dayAt(event.clientX, event.clientY);
        setShown((before) => (before && before.overDay === overDay ? before : { key, title, overDay }));
      },
      onPointerUp(event: ReactPointerEvent<HTMLElement>) {
        if (pending.current?.pointerId === event.pointerId) end(true, event.clientX, event.clientY);
      },
      onPointerCancel() {
        end(false);
      },
      onClickCapture(event: { preventDefault: () => void; stopPropagation: () => void }) {
        if (!swallowClick.current) return;
        event.preventDefault();
        event.stopPropagation();
      },
      onContextMenu(event: { preventDefault: () => void }) {
        // A long press is a drag, not the phone's menu.
        if (pending.current?.touch) event.preventDefault();
      },
    };
  }

  return { shown, dragProps };
}

export type DayDrag = ReturnType<typeof useDayDrag>;
