import { formatDateTime } from "../../../domain/time-format";
import { appTimeLocale } from "../../stores/time-locale";

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "3 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const elapsed = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat(appTimeLocale(), { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  }
  return "just now";
}

/** "Nov 27, 2026, 6:45 PM" or "27 Nov 2026, 18:45": on the user's clock (domain/time-format.ts). */
export function dateTime(iso: string): string {
  return formatDateTime(iso, appTimeLocale());
}
