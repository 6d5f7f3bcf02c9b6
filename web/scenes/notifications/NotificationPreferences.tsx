import { useQueryClient } from "@tanstack/react-query";
import type {
  NotificationPreference,
  NotificationSettings,
  NotificationType,
} from "../../../domain/notification-settings";
import { notificationKeys, saveNotificationSettings, sendTestNotification } from "../../api/notifications";
import { buttonClass } from "../../components/form";
import { Alert } from "../../components/Alert";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useNotificationSettings } from "../../hooks/use-notifications";
import { notify } from "../../stores/notifier";
import { DevicePush } from "./DevicePush";
import { EmailPreferences } from "./EmailPreferences";
import { NotOnDevice } from "../../components/DataUnavailable";
import { useOnline } from "../../offline/use-offline";

/** The kinds of notification the app makes today, as the user knows them. */
const KINDS: { type: NotificationType; label: string; description: string }[] = [
  { type: "invite", label: "Invitations", description: "Invitations to a group, and answers to the ones you sent." },
  { type: "task", label: "Tasks", description: "Tasks shared with your groups, and tasks someone else completed." },
  { type: "reminder", label: "Deadline reminders", description: "Before a deadline of one of your tasks comes." },
];

/** What to be told about, and whether a new one pops up while the app is open. */
export function NotificationPreferences() {
  const client = useQueryClient();
  const query = useNotificationSettings();
  const online = useOnline();
  const settings = query.data;

  async function save(next: NotificationSettings) {
    const before = client.getQueryData<NotificationSettings>(notificationKeys.settings);
    client.setQueryData(notificationKeys.settings, next);
    try {
      client.setQueryData(notificationKeys.settings, await saveNotificationSettings(next));
    } catch (error) {
      client.setQueryData(notificationKeys.settings, before);
      notify.error(`Could not save notification settings: ${(error as Error).message}`);
    }
  }

  async function test() {
    try {
      const sent = await sendTestNotification();
      const ways = [
        "in the app",
        ...(sent.pushDevices > 0 ? [`to ${sent.pushDevices} device${sent.pushDevices === 1 ? "" : "s"}`] : []),
        ...(sent.emailedTo ? [`by email to ${sent.emailedTo}`] : []),
      ];
      notify.success(`Test notification sent ${ways.join(", ").replace(/, ([^,]*)$/, " and $1")}`);
    } catch (error) {
      notify.error(`Could not send a test notification: ${(error as Error).message}`);
    }
  }

  function changeType(type: NotificationType, changes: Partial<NotificationPreference>) {
    if (!settings) return;
    void save({
      ...settings,
      preferences: settings.preferences.map((entry) => (entry.type === type ? { ...entry, ...changes } : entry)),
    });
  }

  return (
    <>
      <Section title="What to be told about" description="Saved to your account: the same on every device.">
        {query.isPending &&
          (online ? <p role="status">Loading…</p> : <NotOnDevice what="your notification settings" />)}
        {query.isError && <Alert tone="error">{query.error.message}</Alert>}
        {settings && (
          <div className="space-y-5">
            {KINDS.map((kind) => {
              const preference = settings.preferences.find((entry) => entry.type === kind.type);
              return (
                <Switch
                  key={kind.type}
                  label={kind.label}
                  description={kind.description}
                  checked={preference?.enabled ?? true}
                  onChange={(enabled) => changeType(kind.type, { enabled })}
                />
              );
            })}
            <Switch
              label="Push notifications"
              description="To the devices where you turned them on below, also when the app is closed."
              checked={settings.push_enabled}
              onChange={(push_enabled) => void save({ ...settings, push_enabled })}
            />
            <Switch
              label="Pop up while the app is open"
              description="A short message at the bottom of the screen when a new notification arrives. It is in the list either way."
              checked={settings.websocket_enabled}
              onChange={(websocket_enabled) => void save({ ...settings, websocket_enabled })}
            />
            <button type="button" className={buttonClass.secondary} onClick={() => void test()}>
              Send me a test notification
            </button>
          </div>
        )}
      </Section>
      {settings && <DevicePush pushEnabled={settings.push_enabled} />}
      {settings && <EmailPreferences settings={settings} save={save} />}
    </>
  );
}
