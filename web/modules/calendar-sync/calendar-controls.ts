import type { CachedTask } from "../../api/tasks";
import type { GroupLook } from "./group-look";
import type { DayDrag } from "./use-day-drag";

/** What every view needs from the page: the clock, the user's language and what a task can do. */
export interface CalendarControls {
  now: Date;
  /** Today in the viewer's zone. */
  today: string;
  locale: string;
  /** Whether to name each task's group (the user has more than one). */
  manyGroups: boolean;
  groupOf: (task: CachedTask) => GroupLook | undefined;
  open: (task: CachedTask) => void;
  toggle: (task: CachedTask) => Promise<unknown>;
  /** Moves a task shown on `fromDay` by `days` (the keyboard), focus following it. */
  moveBy: (task: CachedTask, fromDay: string, days: number) => void;
  /** The deadline picker beside `anchor` ("Move to…"). */
  pickDeadline: (task: CachedTask, anchor: HTMLElement) => void;
  drag: DayDrag;
}

/** Whether the user may move or complete it now (not locked to them, not still being created). */
export const canChange = (task: CachedTask) => task.abilities.edit && !task.unsaved;

/** Alt+ArrowLeft/Right: a day; Alt+ArrowUp/Down: a week. Null for any other key. */
export function moveKeyDays(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  return ({ ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 } as Record<string, number>)[event.key] ?? null;
}
