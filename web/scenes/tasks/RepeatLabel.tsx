import { Repeat as RepeatIcon } from "lucide-react";
import { describeRepeat } from "../../../domain/repeat-text";
import type { Repeat } from "../../../domain/tasks";

/**
 * A repeating task's mark for rows and headers: the repeat icon and the rule in words ("every
 * Monday", "every 3 days after it is done"), in the browser's language (English or German).
 */
export function RepeatLabel({ repeat, locale }: { repeat: Repeat; locale?: string }) {
  const words = describeRepeat(repeat.rule, locale ?? (typeof navigator === "undefined" ? "en" : navigator.language), {
    fromCompletion: repeat.fromCompletion,
  });
  return (
    <span className="inline-flex items-center gap-1" title={`Repeats ${words}`}>
      <RepeatIcon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">Repeats </span>
      {words}
    </span>
  );
}
