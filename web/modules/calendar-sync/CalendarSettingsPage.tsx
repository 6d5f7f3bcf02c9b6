import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../../scenes/groups/PageHeader";
import DavSection from "./DavSection";
import FeedsSection from "./FeedsSection";
import OutsideCalendarsSection from "./OutsideCalendarsSection";
import PushSection from "./PushSection";

/**
 * /calendar-settings: the user's tasks in their calendar apps (feeds, CalDAV) and outside
 * calendars shown beside their tasks (docs/calendar.md).
 */
export default function CalendarSettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/calendar"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Calendar
      </Link>
      <PageHeader title="Calendar settings">
        Your tasks in the calendar apps you already use, and your other calendars beside your tasks.
      </PageHeader>
      <FeedsSection />
      <DavSection />
      <OutsideCalendarsSection />
      <PushSection />
    </div>
  );
}
