// The chevron the app's first load already has, turned: each icon of its own would add a file to
// the list the first load preloads.
import { ChevronDown } from "lucide-react";
import { type CalendarView, CALENDAR_VIEWS } from "./calendar-range";

const VIEW_LABELS: Record<CalendarView, { name: string; key: string }> = {
  month: { name: "Month", key: "m" },
  week: { name: "Week", key: "w" },
  agenda: { name: "Agenda", key: "a" },
};

const STEP_NAMES: Record<CalendarView, string> = { month: "month", week: "week", agenda: "week" };

const iconButton =
  "grid size-11 place-items-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink sm:size-9";

/**
 * Previous, Today and Next, the period shown (said to screen readers when it changes) and the
 * view switch, each with its key in its tooltip.
 */
export function CalendarToolbar({
  view,
  period,
  headingId,
  onStep,
  onToday,
  onView,
}: {
  view: CalendarView;
  period: string;
  headingId: string;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-0.5">
        <button
          type="button"
          aria-label={`Previous ${STEP_NAMES[view]}`}
          title={`Previous ${STEP_NAMES[view]}`}
          onClick={() => onStep(-1)}
          className={iconButton}
        >
          <ChevronDown aria-hidden="true" className="size-5 rotate-90" />
        </button>
        <button
          type="button"
          onClick={onToday}
          title="Today (t)"
          aria-keyshortcuts="t"
          className="min-h-11 rounded-lg border border-line px-3 text-sm font-medium hover:bg-surface-muted sm:min-h-9"
        >
          Today
        </button>
        <button
          type="button"
          aria-label={`Next ${STEP_NAMES[view]}`}
          title={`Next ${STEP_NAMES[view]}`}
          onClick={() => onStep(1)}
          className={iconButton}
        >
          <ChevronDown aria-hidden="true" className="size-5 -rotate-90" />
        </button>
      </div>
      <h2 id={headingId} aria-live="polite" className="min-w-0 flex-1 text-lg font-semibold sm:text-xl">
        {period}
      </h2>
      <div role="group" aria-label="View" className="flex rounded-lg border border-line p-0.5">
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            aria-keyshortcuts={VIEW_LABELS[option].key}
            title={`${VIEW_LABELS[option].name} (${VIEW_LABELS[option].key})`}
            onClick={() => onView(option)}
            className="min-h-10 rounded-md px-3 text-sm font-medium text-ink-muted hover:text-ink aria-pressed:bg-brand aria-pressed:text-brand-ink sm:min-h-8"
          >
            {VIEW_LABELS[option].name}
          </button>
        ))}
      </div>
    </div>
  );
}
