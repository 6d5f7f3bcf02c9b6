import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Section } from "../../components/Section";
import { linkClass, PageHeader } from "../../scenes/groups/PageHeader";
import { ConnectGoogle, ConnectionList } from "./GoogleConnect";

/**
 * /google-calendar: Google Calendar step by step (docs/calendar.md): Tandem's tasks in Google
 * through the secret feed, Google's events in Tandem through Google's secret iCal address, and
 * the account connected with OAuth, with the state of the user's Google connections.
 */
export default function GoogleCalendarPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/calendar-auth"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Connect a calendar
      </Link>
      <PageHeader title="Google Calendar">
        Your tasks in Google Calendar, and Google's events beside your tasks: step by step.
      </PageHeader>

      <Section
        title="Your tasks in Google Calendar"
        description="One-way: Google shows your tasks with deadlines and reads them again about every 12 hours."
      >
        <Steps>
          <li>
            On{" "}
            <Link to="/calendar-settings" className={linkClass}>
              Calendar settings
            </Link>
            , under “Subscribe in a calendar app”, make the address of all your groups (or of one group) and copy it.
          </li>
          <li>
            Open Google Calendar on a computer (the phone app cannot add calendars) and go to Settings, then “Add
            calendar”, then “From URL”.
          </li>
          <li>Paste the address and choose “Add calendar”. Your tasks show under “Other calendars”.</li>
        </Steps>
      </Section>

      <Section
        title="Google's events in Tandem"
        description="Without connecting your account: one calendar at a time, through its private address."
      >
        <Steps>
          <li>
            In Google Calendar's Settings, pick the calendar under “Settings for my calendars” and open “Integrate
            calendar”.
          </li>
          <li>Copy the “Secret address in iCal format”. It ends in .ics; keep it to yourself.</li>
          <li>
            On{" "}
            <Link to="/calendar-settings" className={linkClass}>
              Calendar settings
            </Link>
            , under “Outside calendars”, paste it as the calendar address and choose “Subscribe”. This server reads it
            about once an hour.
          </li>
        </Steps>
      </Section>

      <Section
        title="Connect your Google account"
        description="Every calendar of your account at once, read with the access you give on Google's own page."
      >
        <div className="space-y-4 text-sm">
          <Steps>
            <li>Choose “Connect Google Calendar”: Google's page opens and asks you to sign in.</li>
            <li>Allow Tandem to see and use your calendars. You come back to Calendar settings.</li>
            <li>Your Google calendars are listed under “Outside calendars”; choose which show beside your tasks.</li>
          </Steps>
          <p className="text-ink-muted">
            To end it, remove the account on Calendar settings, and Tandem under your Google Account's third-party
            access.
          </p>
          <ConnectGoogle />
        </div>
      </Section>

      <Section title="Your Google connections" description="Whether each works, and when it last synced.">
        <ConnectionList kind="google" empty="No Google account connected yet." />
      </Section>
    </div>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-2 pl-5 text-sm marker:font-semibold">{children}</ol>;
}
