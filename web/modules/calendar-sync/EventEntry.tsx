import { MapPin } from "lucide-react";
import { formatClockTime } from "../../../domain/time-format";
import type { EventItem } from "./calendar-item";

/**
 * An event of a subscribed calendar: read only (its calendar app changes it), in its calendar's
 * colour, with its time where the viewer is and its place.
 */
export function EventEntry({ item, locale, compact = false }: { item: EventItem; locale: string; compact?: boolean }) {
  const { event } = item;
  const time = item.time ? formatClockTime(item.time, locale) : null;
  return (
    <li
      // A month's cell cuts the title short: the whole of it, and the place, on hover.
      title={compact ? [time, event.title, event.location].filter(Boolean).join(" · ") : undefined}
      className={`flex min-w-0 items-center gap-1.5 text-ink-muted ${compact ? "px-1 text-xs" : "py-2 pl-3 text-sm"}`}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-sm" style={{ backgroundColor: event.color }} />
      {time && <span className="shrink-0">{time}</span>}
      <span className="truncate">{event.title}</span>
      <span className="sr-only">, in {event.calendarName}</span>
      {!compact && event.location && (
        <span className="inline-flex min-w-0 items-center gap-1 text-xs">
          <MapPin aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{event.location}</span>
        </span>
      )}
    </li>
  );
}
