import { CalendarRange } from "lucide-react";
import type { Task } from "../../../domain/tasks";
import { AgendaPage, type AgendaSection } from "./agenda/AgendaPage";
import { EmptyNote } from "./EmptyNote";
import { UPCOMING_DAYS, upcomingAgenda } from "./task-agenda";
import { localTimeZone } from "./task-view";
import { formatCalendarDate, timeLocale } from "../../../domain/time-format";
import { appTimeLocale } from "../../stores/time-locale";

const DAY_NAMES = ["Today", "Tomorrow"];

/** "Fri 27 Nov" for a calendar date, as the rows write dates (the profile's language, else the browser's). */
function shortDate(date: string): string {
  return formatCalendarDate(date, appTimeLocale());
}

function longWeekday(date: string): string {
  return new Intl.DateTimeFormat(timeLocale(appTimeLocale()), { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function sections(tasks: Task[], now: Date): AgendaSection[] {
  const { overdue, days } = upcomingAgenda(tasks, now, localTimeZone());
  return [
    { key: "overdue", title: "Overdue", tasks: overdue, tone: "danger" },
    ...days.map((day) => ({
      key: day.date,
      title: DAY_NAMES[day.offset] ?? longWeekday(day.date),
      subtitle: shortDate(day.date),
      tasks: day.tasks,
      empty: "Nothing planned",
    })),
  ];
}

/** /upcoming: the next 14 days, day by day, across all the user's groups. */
export default function UpcomingPage() {
  return (
    <AgendaPage
      title="Upcoming"
      intro={`The next ${UPCOMING_DAYS} days, in all your groups.`}
      sections={sections}
      emptyState={
        <EmptyNote icon={<CalendarRange aria-hidden="true" className="size-6" />} title="Nothing planned yet">
          Give tasks a deadline (type “fri 5pm” or “next week” when you add one) and they line up here by day.
        </EmptyNote>
      }
    />
  );
}
