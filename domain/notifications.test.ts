import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "./notification-settings.js";
import { deliveryFor, inQuietHours, quietHoursEnd } from "./notifications.js";

const quiet = (start: string | null, end: string | null): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  quiet_hours_start: start,
  quiet_hours_end: end,
});

describe("quiet hours", () => {
  it("span midnight in the user's own time zone", () => {
    const night = quiet("22:00", "07:00");
    // 21:30 UTC is 22:30 in Berlin (winter, UTC+1) but 16:30 in New York.
    const at = new Date("2026-11-24T21:30:00Z");
    expect(inQuietHours(night, at, "Europe/Berlin")).toBe(true);
    expect(inQuietHours(night, at, "America/New_York")).toBe(false);
    expect(inQuietHours(night, new Date("2026-11-24T05:59:00Z"), "Europe/Berlin")).toBe(true);
    expect(inQuietHours(night, new Date("2026-11-24T06:00:00Z"), "Europe/Berlin")).toBe(false);
  });

  it("within one day include the start and exclude the end", () => {
    const lunch = quiet("12:00", "13:00");
    expect(inQuietHours(lunch, new Date("2026-11-24T12:00:00Z"), "UTC")).toBe(true);
    expect(inQuietHours(lunch, new Date("2026-11-24T12:59:00Z"), "UTC")).toBe(true);
    expect(inQuietHours(lunch, new Date("2026-11-24T13:00:00Z"), "UTC")).toBe(false);
  });

  it("are off when unset, half set or empty, and an unknown zone counts as UTC", () => {
    const at = new Date("2026-11-24T23:00:00Z");
    expect(inQuietHours(quiet(null, null), at, "UTC")).toBe(false);
    expect(inQuietHours(quiet("22:00", null), at, "UTC")).toBe(false);
    expect(inQuietHours(quiet("22:00", "22:00"), at, "UTC")).toBe(false);
    expect(inQuietHours(quiet("22:00", "07:00"), at, "Not/AZone")).toBe(true);
  });

  it("end at the first minute they no longer hold, across a daylight-saving change", () => {
    const night = quiet("22:00", "07:00");
    expect(quietHoursEnd(night, new Date("2026-11-24T23:10:00Z"), "UTC").toISOString()).toBe(
      "2026-11-25T07:00:00.000Z",
    );
    // Berlin leaves summer time in the night of 25 October 2026: 07:00 local is 06:00 UTC that morning.
    expect(quietHoursEnd(night, new Date("2026-10-24T22:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-10-25T06:00:00.000Z",
    );
    const noon = new Date("2026-11-24T12:00:00Z");
    expect(quietHoursEnd(night, noon, "UTC")).toBe(noon);
  });
});

describe("delivery per the settings", () => {
  it("has the defaults: every channel, no email for system", () => {
    expect(deliveryFor(DEFAULT_NOTIFICATION_SETTINGS, "task")).toEqual({
      record: true,
      websocket: true,
      push: true,
      email: true,
    });
    expect(deliveryFor(DEFAULT_NOTIFICATION_SETTINGS, "system").email).toBe(false);
  });

  it("makes nothing of a type switched off, and a channel switched off is off for every type", () => {
    const settings: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      push_enabled: false,
      preferences: DEFAULT_NOTIFICATION_SETTINGS.preferences.map((entry) =>
        entry.type === "reminder" ? { ...entry, enabled: false } : entry,
      ),
    };
    expect(deliveryFor(settings, "reminder")).toEqual({ record: false, websocket: false, push: false, email: false });
    expect(deliveryFor(settings, "invite")).toMatchObject({ record: true, push: false, websocket: true });
  });
});
