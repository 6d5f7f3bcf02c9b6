import { GripVertical } from "lucide-react";
import type { PointerEvent } from "react";

/**
 * The handle that moves an item of a reorderable list: drag it (useDragReorder's `handleProps`),
 * or focus it and press the up and down arrow keys. `register` keeps the element, so the handle of
 * the moved item can take the focus back after the list re-renders.
 */
export function ReorderHandle({
  label,
  position,
  count,
  describedBy,
  onMove,
  register,
  dragProps,
}: {
  /** What moves: "Move <label> (2 of 5)". */
  label: string;
  /** Its index in the list, from 0. */
  position: number;
  count: number;
  describedBy?: string;
  /** Called with the index it should move to (one up or one down). */
  onMove: (to: number) => void;
  register: (element: HTMLButtonElement | null) => void;
  dragProps: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(): void;
    onKeyDownCapture(event: { key: string; preventDefault: () => void }): void;
  };
}) {
  return (
    <button
      type="button"
      ref={register}
      aria-label={`Move ${label} (${position + 1} of ${count})`}
      aria-describedby={describedBy}
      title="Drag to move, or use the arrow keys"
      className="grid h-9 w-7 shrink-0 cursor-grab touch-none place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
      onKeyDown={(event) => {
        if (event.key === "ArrowUp" || event.key === "ArrowDown") {
          event.preventDefault();
          onMove(position + (event.key === "ArrowUp" ? -1 : 1));
        }
      }}
      {...dragProps}
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
}
