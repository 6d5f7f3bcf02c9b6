import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { NotificationSettings, NotificationType } from "../../../domain/notification-settings";
import { getProfile } from "../../api/account";
import { buttonClass } from "../../components/form";
import { TextField } from "../../components/TextField";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useMe } from "../../hooks/use-me";

const EMAILED: { type: NotificationType; label: string; description: string }[] = [
  {
    type: "invite",
    label: "Emails about answers to your invitations",
    description: "Invitations to you always come by email, since they may reach you before you have an account.",
  },
  { type: "task", label: "Emails about tasks", description: "Shared with your groups, or completed by someone else." },
  {
    type: "reminder",
    label: "Emails with deadline reminders",
    description: "Before a deadline of one of your tasks comes.",
  },
];

/** Email per kind, and the quiet hours during which emails wait. */
export function EmailPreferences({
  settings,
  save,
}: {
  settings: NotificationSettings;
  save: (next: NotificationSettings) => Promise<void>;
}) {
  const me = useMe();
  // The profile is where the time zone lives (kept from the device, editable on /profile).
  const profile = useQuery({ queryKey: ["profile"], queryFn: getProfile });
  const timeZone = profile.data?.timeZone ?? "UTC";
  const confirmed = Boolean(me?.email && me.emailVerified);

  return (
    <Section
      title="Email"
      description={
        confirmed ? (
          <>
            Sent to <strong>{me!.email}</strong>. Each email has a link that stops that kind of email.
          </>
        ) : (
          <>
            Emails go only to a confirmed address. <Link to="/verify-email">Confirm your email address</Link> to get
            them.
          </>
        )
      }
    >
      <div className="space-y-5">
        <Switch
          label="Send me emails"
          checked={settings.email_enabled}
          onChange={(email_enabled) => void save({ ...settings, email_enabled })}
        />
        {EMAILED.map((kind) => {
          const preference = settings.preferences.find((entry) => entry.type === kind.type);
          return (
            <Switch
              key={kind.type}
              label={kind.label}
              description={kind.description}
              disabled={!settings.email_enabled || preference?.enabled === false}
              checked={settings.email_enabled && (preference?.use_email ?? true) && preference?.enabled !== false}
              onChange={(use_email) =>
                void save({
                  ...settings,
                  preferences: settings.preferences.map((entry) =>
                    entry.type === kind.type ? { ...entry, use_email } : entry,
                  ),
                })
              }
            />
          );
        })}

        {/* Keyed by the saved times: the fields start from them again once saved (here or elsewhere). */}
        <QuietHoursForm
          key={`${settings.quiet_hours_start}-${settings.quiet_hours_end}`}
          settings={settings}
          save={save}
          timeZone={timeZone}
        />
      </div>
    </Section>
  );
}

function QuietHoursForm({
  settings,
  save,
  timeZone,
}: {
  settings: NotificationSettings;
  save: (next: NotificationSettings) => Promise<void>;
  timeZone: string;
}) {
  const [from, setFrom] = useState(settings.quiet_hours_start ?? "22:00");
  const [to, setTo] = useState(settings.quiet_hours_end ?? "07:00");
  const quiet = settings.quiet_hours_start !== null && settings.quiet_hours_end !== null;

  function saveQuietHours(event: FormEvent) {
    event.preventDefault();
    void save({ ...settings, quiet_hours_start: from, quiet_hours_end: to });
  }

  return (
    <form onSubmit={saveQuietHours} className="space-y-3 border-t border-line pt-5">
      <div>
        <h3 className="font-medium">Quiet hours</h3>
        <p className="mt-0.5 text-sm text-ink-muted">
          {quiet
            ? `From ${settings.quiet_hours_start} to ${settings.quiet_hours_end} (${timeZone}), emails and pushes wait and then come together. The app still shows everything at once.`
            : `None. During quiet hours emails and pushes wait and then come together; the app still shows everything at once. Times are in ${timeZone}.`}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField type="time" required label="From" value={from} onChange={setFrom} />
        <TextField type="time" required label="To" value={to} onChange={setTo} />
        <button type="submit" className={buttonClass.primary}>
          {quiet ? "Change quiet hours" : "Set quiet hours"}
        </button>
        {quiet && (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void save({ ...settings, quiet_hours_start: null, quiet_hours_end: null })}
          >
            No quiet hours
          </button>
        )}
      </div>
    </form>
  );
}
