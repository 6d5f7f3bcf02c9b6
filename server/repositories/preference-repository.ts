import type { Kysely } from "kysely";
import { type NotificationSettings, notificationSettingsSchema } from "../../domain/notification-settings.js";
import type { Settings } from "../../domain/settings.js";
import type { DB } from "../db/schema.js";

/** A user's settings, notification settings and module preferences: one row (or row set) each. */
export class PreferenceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertSettingsIfMissing(userId: string, settings: Settings, now: string): Promise<void> {
    await this.db
      .insertInto("user_settings")
      .values({ user_id: userId, settings: JSON.stringify(settings), updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async findSettingsJson(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("user_settings")
      .select("settings")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.settings;
  }

  async saveSettings(userId: string, settings: Settings, now: string): Promise<void> {
    await this.db
      .insertInto("user_settings")
      .values({ user_id: userId, settings: JSON.stringify(settings), updated_at: now })
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet({ settings: JSON.stringify(settings), updated_at: now }),
      )
      .execute();
  }

  async insertNotificationSettingsIfMissing(
    userId: string,
    settings: NotificationSettings,
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto("notification_settings")
      .values({
        user_id: userId,
        push_enabled: settings.push_enabled ? 1 : 0,
        email_enabled: settings.email_enabled ? 1 : 0,
        websocket_enabled: settings.websocket_enabled ? 1 : 0,
        quiet_hours_start: settings.quiet_hours_start,
        quiet_hours_end: settings.quiet_hours_end,
        preferences: JSON.stringify(settings.preferences),
        updated_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async saveNotificationSettings(userId: string, settings: NotificationSettings, now: string): Promise<void> {
    const row = {
      push_enabled: settings.push_enabled ? (1 as const) : (0 as const),
      email_enabled: settings.email_enabled ? (1 as const) : (0 as const),
      websocket_enabled: settings.websocket_enabled ? (1 as const) : (0 as const),
      quiet_hours_start: settings.quiet_hours_start,
      quiet_hours_end: settings.quiet_hours_end,
      preferences: JSON.stringify(settings.preferences),
      updated_at: now,
    };
    await this.db
      .insertInto("notification_settings")
      .values({ user_id: userId, ...row })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
      .execute();
  }

  /** The user's notification settings; undefined without a row, or with one the schema no longer accepts. */
  async findNotificationSettings(userId: string): Promise<NotificationSettings | undefined> {
    const row = await this.db
      .selectFrom("notification_settings")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const parsed = notificationSettingsSchema.safeParse({
      push_enabled: row.push_enabled === 1,
      email_enabled: row.email_enabled === 1,
      websocket_enabled: row.websocket_enabled === 1,
      quiet_hours_start: row.quiet_hours_start,
      quiet_hours_end: row.quiet_hours_end,
      preferences: JSON.parse(row.preferences) as unknown,
    });
    return parsed.success ? parsed.data : undefined;
  }

  async insertModulePreferencesIfMissing(
    userId: string,
    preferences: readonly { moduleId: string; enabled: boolean }[],
    now: string,
  ): Promise<void> {
    if (preferences.length === 0) return;
    await this.db
      .insertInto("module_preferences")
      .values(
        preferences.map((preference) => ({
          user_id: userId,
          module_id: preference.moduleId,
          enabled: preference.enabled ? (1 as const) : (0 as const),
          last_toggled: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
