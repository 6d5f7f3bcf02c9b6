import { z } from "zod";
import { isCalendarDate, isClockTime, isDeadline, isTimestamp } from "./calendar.js";

/**
 * The building blocks of request schemas. Every string a request carries (body, query, path) is
 * built on `storableText()`: tests/integration/input-validation.test.ts walks every route's
 * schemas and fails on a bare z.string(), so a new schema cannot forget it.
 */

/**
 * The first character no database can store as text, as "U+0000", or null. PostgreSQL refuses
 * NUL in text and JSON (SQLite would keep it, so a backup made there would not restore here),
 * and the drivers write a lone UTF-16 surrogate as U+FFFD, or refuse it inside JSON: either way
 * what was sent is not what would be read back.
 */
export function unstorableCharacter(value: string): string | null {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 0) return "U+0000";
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) return `U+${code.toString(16).toUpperCase()}`;
  }
  return null;
}

/** The one check instance, so the route sweep can tell a storable string from a bare one. */
export const storableTextCheck = z.superRefine<string>((value, context) => {
  const character = unstorableCharacter(value);
  if (character)
    context.addIssue({ code: "custom", message: `Contains a character that cannot be stored (${character})` });
});

/** A string every database stores as sent: refuses NUL and lone surrogates (400 naming the field). */
export function storableText(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).check(storableTextCheck);
}

/** "2026-12-24": a day that exists (not 2026-02-31, nor 2026-02-29). */
export const calendarDateSchema = storableText().refine(isCalendarDate, "Use a real date like 2026-12-24");

/** "2026-12-24" or "2026-12-24T18:30": a date, optionally with a time, in the owner's time zone. */
export const deadlineSchema = storableText().refine(
  isDeadline,
  "Use a real date like 2026-12-24, optionally with a time like T18:30",
);

/** "HH:MM", 24-hour, 00:00 to 23:59. */
export const clockTimeSchema = storableText().refine(isClockTime, "Use a time like 22:00");

/** An instant with its offset, as "2026-11-24T07:48:57.123Z" (RFC 3339). */
export const timestampSchema = storableText().refine(
  isTimestamp,
  "Use a date and time like 2026-11-24T07:48:57Z (with seconds and an offset)",
);

/**
 * A count or sequence number in a query string: decimal digits only, so "", "1e3", "0x10" and
 * " 7" are refused rather than read as some number (z.coerce.number reads "" as 0).
 */
export function queryInteger({ min, max }: { min: number; max: number }) {
  return storableText()
    .regex(/^\d{1,15}$/, "Use a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
