import { addDays, daysBetween } from "./calendar-range";

/**
 * A deadline moved by whole days on its own calendar: "2026-03-28T18:30" one day on is
 * "2026-03-29T18:30" in the same zone, even when the clocks change that night. The zone and the
 * time of day stay; only the date changes (the deadline picker's withDate does the same).
 */
export function movedDeadline(deadline: string, days: number): string {
  return `${addDays(deadline.slice(0, 10), days)}${deadline.slice(10)}`;
}

/**
 * The deadline of a task dropped from the day it shows on to another (both days in the viewer's
 * zone): moved by the days between them, so a task another zone shows on a different date than
 * its own still moves as far as the user dragged it.
 */
export function deadlineMovedTo(deadline: string, fromDay: string, toDay: string): string {
  return movedDeadline(deadline, daysBetween(fromDay, toDay));
}
