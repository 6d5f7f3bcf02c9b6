import { z } from "zod";
import { clockTimeSchema as clockTime } from "./fields.js";

export const NOTIFICATION_TYPES = ["message", "invite", "system", "reminder", "task"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationPreferenceSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  enabled: z.boolean(),
  use_push: z.boolean(),
  use_email: z.boolean(),
  use_websocket: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Field names as in the specification's notificationSettings (docs/api.md), which clients know. */
export const notificationSettingsSchema = z
  .object({
    push_enabled: z.boolean(),
    email_enabled: z.boolean(),
    websocket_enabled: z.boolean(),
    quiet_hours_start: clockTime.nullable(),
    quiet_hours_end: clockTime.nullable(),
    preferences: z.array(notificationPreferenceSchema).max(NOTIFICATION_TYPES.length * 2),
  })
  .refine((settings) => (settings.quiet_hours_start === null) === (settings.quiet_hours_end === null), {
    message: "Set both ends of the quiet hours, or neither",
    path: ["quiet_hours_end"],
  });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Every type on with push and websocket; email for all but system; no quiet hours. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push_enabled: true,
  email_enabled: true,
  websocket_enabled: true,
  quiet_hours_start: null,
  quiet_hours_end: null,
  preferences: NOTIFICATION_TYPES.map((type) => ({
    type,
    enabled: true,
    use_push: true,
    use_email: type !== "system",
    use_websocket: true,
  })),
};
