import { ArrowLeft, X } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { GoogleOutcome } from "../../../domain/calendar-outside";
import { Alert } from "../../components/Alert";
import { linkClass, PageHeader } from "../../scenes/groups/PageHeader";
import DavSection from "./DavSection";
import FeedsSection from "./FeedsSection";
import OutsideCalendarsSection from "./OutsideCalendarsSection";
import PushSection from "./PushSection";

/** What came of connecting Google (the server sends the browser here with ?google=…), in plain words. */
const GOOGLE_NOTICES: Record<GoogleOutcome, { tone: "success" | "error"; text: string }> = {
  connected: {
    tone: "success",
    text: "Google Calendar is connected: its calendars are under Outside calendars below, and their events show beside your tasks.",
  },
  failed: {
    tone: "error",
    text: "Google Calendar was not connected: the way back from Google took too long, was used already, or Google did not answer. Please try again.",
  },
  denied: {
    tone: "error",
    text: "Google Calendar was not connected, because Google was not allowed to share your calendars. Try again if you meant to.",
  },
  // OUTSIDE_MESSAGES.tooMany, written out: importing domain/calendar-outside.ts would bring zod into this page.
  limit: { tone: "error", text: "You can add up to 20 outside calendars. Remove one first." },
};

const isOutcome = (value: string | null): value is GoogleOutcome =>
  value !== null && Object.hasOwn(GOOGLE_NOTICES, value);

/**
 * /calendar-settings: the user's tasks in their calendar apps (feeds, CalDAV) and outside
 * calendars shown beside their tasks (docs/calendar.md).
 */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("google");
  const notice = isOutcome(outcome) ? GOOGLE_NOTICES[outcome] : null;
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
      {notice && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert tone={notice.tone}>{notice.text}</Alert>
          </div>
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
            onClick={() =>
              setParams(
                (current) => {
                  current.delete("google");
                  return current;
                },
                { replace: true },
              )
            }
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <p className="text-sm text-ink-muted">
        Not sure which to use?{" "}
        <Link to="/calendar-auth" className={linkClass}>
          Connect a calendar
        </Link>{" "}
        compares the ways, and{" "}
        <Link to="/google-calendar" className={linkClass}>
          Google Calendar
        </Link>{" "}
        walks through Google step by step.
      </p>
      <FeedsSection />
      <DavSection />
      <OutsideCalendarsSection />
      <PushSection />
    </div>
  );
}
