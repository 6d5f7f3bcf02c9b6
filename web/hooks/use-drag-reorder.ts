import { type CSSProperties, type PointerEvent, type RefObject, useState } from "react";

interface Drag {
  from: number;
  to: number;
  pointerId: number;
  startY: number;
  dy: number;
  tops: number[];
  heights: number[];
  /** The space between two items (the list's gap). */
  gap: number;
}

/** Where the dragged item lands: how many of the others have their middle above its middle. */
function target(drag: Drag, dy: number): number {
  const middle = drag.tops[drag.from]! + drag.heights[drag.from]! / 2 + dy;
  let to = 0;
  drag.tops.forEach((top, index) => {
    if (index !== drag.from && top + drag.heights[index]! / 2 < middle) to += 1;
  });
  return to;
}

/**
 * Drag to reorder with a pointer (mouse, touch, pen) by a handle: the item follows the pointer,
 * the others make room, and letting go calls `onDrop(from, to)`. Escape or a cancelled pointer
 * puts everything back. Items are the list's children marked `data-reorder-item`. The keyboard
 * alternative lives with the handle (arrow keys), not here.
 */
export function useDragReorder(listRef: RefObject<HTMLElement | null>, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);

  function handleProps(index: number) {
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0 || !listRef.current) return;
        const items = [...listRef.current.querySelectorAll<HTMLElement>(":scope > [data-reorder-item]")];
        const rects = items.map((item) => item.getBoundingClientRect());
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
        setDrag({
          from: index,
          to: index,
          pointerId: event.pointerId,
          startY: event.clientY,
          dy: 0,
          tops: rects.map((rect) => rect.top),
          heights: rects.map((rect) => rect.height),
          gap: rects.length > 1 ? Math.max(0, rects[1]!.top - rects[0]!.bottom) : 0,
        });
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (!drag || event.pointerId !== drag.pointerId) return;
        const dy = event.clientY - drag.startY;
        setDrag({ ...drag, dy, to: target(drag, dy) });
      },
      onPointerUp(event: PointerEvent<HTMLElement>) {
        if (!drag || event.pointerId !== drag.pointerId) return;
        setDrag(null);
        if (drag.to !== drag.from) onDrop(drag.from, drag.to);
      },
      onPointerCancel() {
        setDrag(null);
      },
      onKeyDownCapture(event: { key: string; preventDefault: () => void }) {
        if (drag && event.key === "Escape") {
          event.preventDefault();
          setDrag(null);
        }
      },
    };
  }

  /** The transform of item `index` while dragging: the dragged one follows, the others make room. */
  function itemStyle(index: number): CSSProperties | undefined {
    if (!drag) return undefined;
    if (index === drag.from) {
      return { transform: `translateY(${drag.dy}px)`, zIndex: 10, position: "relative", cursor: "grabbing" };
    }
    const room = drag.heights[drag.from]! + drag.gap;
    let shift = 0;
    if (drag.from < drag.to && index > drag.from && index <= drag.to) shift = -room;
    if (drag.to < drag.from && index >= drag.to && index < drag.from) shift = room;
    return { transform: `translateY(${shift}px)`, transition: "transform 150ms ease" };
  }

  return { dragging: drag ? drag.from : null, handleProps, itemStyle };
}
