import { useEffect, useRef } from "react";
import { typingIn } from "../../scenes/tasks/use-task-shortcuts";
import type { CalendarView } from "./calendar-range";

/**
 * The calendar's own keys: t for today, m, w and a for the views. Not while typing in a field or
 * with a dialog open, and not with a modifier (Alt+arrows move tasks; the task lists' keys, x e d
 * p j k q n, are left to use-task-shortcuts.ts).
 */
export function useCalendarKeys(actions: { today: () => void; view: (view: CalendarView) => void }) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (document.querySelector("dialog[open], [role=dialog]")) return;
      const views: Record<string, CalendarView> = { m: "month", w: "week", a: "agenda" };
      if (event.key === "t") latest.current.today();
      else if (views[event.key]) latest.current.view(views[event.key]!);
      else return;
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
