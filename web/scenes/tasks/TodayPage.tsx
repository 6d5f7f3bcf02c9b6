import { CalendarCheck } from "lucide-react";
import type { Task } from "../../../domain/tasks";
import { AgendaPage, type AgendaSection } from "./agenda/AgendaPage";
import { EmptyNote } from "./EmptyNote";
import { todayAgenda } from "./task-agenda";
import { localTimeZone, wallClock } from "./task-view";
import { timeLocale } from "../../../domain/time-format";
import { appTimeLocale } from "../../stores/time-locale";

function sections(tasks: Task[], now: Date): AgendaSection[] {
  const { overdue, today } = todayAgenda(tasks, now);
  return [
    { key: "overdue", title: "Overdue", tasks: overdue, tone: "danger" },
    { key: "today", title: "Today", subtitle: dayLabel(now), tasks: today },
  ];
}

function dayLabel(now: Date): string {
  return new Intl.DateTimeFormat(timeLocale(appTimeLocale()), {
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(now);
}

/** /today: what is overdue and what is due today, across all the user's groups. */
export default function TodayPage() {
  return (
    <AgendaPage
      title="Today"
      intro="Overdue and due today, in all your groups."
      sections={sections}
      defaultDeadline={(now) => wallClock(now, localTimeZone()).slice(0, 10)}
      emptyState={
        <EmptyNote icon={<CalendarCheck aria-hidden="true" className="size-6" />} title="Nothing due today">
          Tasks with today’s deadline, and any past theirs, show up here. Type one above: it is due today unless you
          give it another date.
        </EmptyNote>
      }
    />
  );
}
