import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "./form";

/**
 * A week's name between Previous and Next, announced when it changes; what follows (a way back to
 * this week) is the page's own. Time tracking and the meal planner step through weeks with it.
 */
export function WeekStepper({
  label,
  onStep,
  children,
}: {
  label: string;
  /** -1 for the week before, 1 for the week after. */
  onStep: (weeks: -1 | 1) => void;
  children?: ReactNode;
}) {
  return (
    <nav aria-label="Week" className="flex items-center gap-1">
      <button
        type="button"
        className={`${buttonClass.secondary} px-2.5`}
        aria-label="Previous week"
        onClick={() => onStep(-1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      <p className="min-w-40 text-center text-sm font-medium tabular-nums" aria-live="polite">
        {label}
      </p>
      <button
        type="button"
        className={`${buttonClass.secondary} px-2.5`}
        aria-label="Next week"
        onClick={() => onStep(1)}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
      {children}
    </nav>
  );
}
