import { ArrowLeft, ArrowRight, CalendarCheck, KeyRound, Link2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { linkClass, PageHeader } from "../../scenes/groups/PageHeader";
import { ConnectGoogle, ConnectionList } from "./GoogleConnect";

/**
 * /calendar-auth: the three ways to connect a calendar (docs/calendar.md), side by side: a
 * secret feed any app subscribes to, CalDAV both ways with an app password, and a Google account
 * connected with OAuth; then how each connection of the user is doing.
 */
export default function CalendarAuthPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/calendar-settings"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Calendar settings
      </Link>
      <PageHeader title="Connect a calendar">
        Four ways to bring your tasks and your calendars together. Pick the one your calendar app supports; you can use
        several at once.
      </PageHeader>

      <Way
        title="1. Subscribe to a secret feed"
        description="Works with every calendar app: Google Calendar, Apple Calendar, Outlook, Thunderbird."
      >
        <p>
          Tandem makes a private address of your tasks with deadlines. Your calendar app subscribes to it and reads it
          every few hours. It is one-way: you see your tasks there and change them here. Anyone with the address sees
          the tasks in it, so keep it to yourself; you can replace or revoke it any time.
        </p>
        <Link to="/calendar-settings" className={buttonClass.secondary}>
          <Link2 aria-hidden="true" className="size-4" />
          Make a feed address
        </Link>
      </Way>

      <Way
        title="2. Two ways with CalDAV"
        description="For Thunderbird, Apple Reminders and Calendar, DAVx5 on Android, and other CalDAV apps."
      >
        <p>
          Each of your groups becomes a list of tasks in the app: what you change there changes here, and the other way
          round. The app signs in with an app password made for it, never your own password, and revoking it ends the
          app's access at once.
        </p>
        <Link to="/calendar-settings" className={buttonClass.secondary}>
          <KeyRound aria-hidden="true" className="size-4" />
          Create an app password
        </Link>
      </Way>

      <Way
        title="3. Connect your Google account"
        description="Google's events beside your tasks, from every calendar of your account, without copying addresses."
      >
        <p>
          Google asks you whether Tandem may use your calendars; after that this server reads them about once an hour.
          You can take the access back any time, here or in your Google Account.
        </p>
        <ConnectGoogle />
        <p>
          <Link to="/google-calendar" className={`${linkClass} inline-flex items-center gap-1`}>
            Google Calendar step by step
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        </p>
      </Way>

      <Way
        title="4. Put your tasks into a calendar you connected"
        description="Your tasks with deadlines as events in your Nextcloud, Fastmail, iCloud or Google calendar."
      >
        <p>
          Once an account is connected (2 or 3 above, or a CalDAV account under Outside calendars), choose one of its
          calendars on the settings page: every open task with a deadline goes there as an event, moves when its
          deadline moves and goes when the task is done. Or put a single task there from its page.
        </p>
        <Link to="/calendar-settings" className={buttonClass.secondary}>
          <CalendarCheck aria-hidden="true" className="size-4" />
          Choose a calendar for your tasks
        </Link>
      </Way>

      <Section
        title="Your connections"
        description="The calendars this server reads for you: whether each works, and when it last synced."
      >
        <ConnectionList empty="No calendars connected yet: subscriptions, CalDAV accounts and Google accounts you add show here." />
      </Section>
    </div>
  );
}

function Way({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Section title={title} description={description}>
      <div className="space-y-4 text-sm">{children}</div>
    </Section>
  );
}
