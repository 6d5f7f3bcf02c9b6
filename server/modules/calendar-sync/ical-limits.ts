/**
 * Checks on iCalendar text from outside (subscriptions, calendar apps' PUTs) made before ical.js
 * reads it. ical.js reads the parameters of a content line in time that grows with the square of
 * their count: one line with a million ";P=1" (under 5 MB) kept the main thread busy for two
 * minutes. Real properties carry a handful (TZID, VALUE, CN, ROLE…).
 */

export const MAX_PARAMETERS_PER_LINE = 100;

/** Whether a content line, unfolded, has more parameters than any calendar needs. Linear in the text. */
export function hasTooManyParameters(text: string): boolean {
  let parameters = 0;
  let inValue = false;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 10) {
      // A line that starts with a space or tab continues the one before (RFC 5545, 3.1).
      const next = text.charCodeAt(index + 1);
      if (next === 32 || next === 9) {
        index += 1;
        continue;
      }
      parameters = 0;
      inValue = false;
      quoted = false;
    } else if (inValue) continue;
    else if (code === 34) quoted = !quoted;
    else if (!quoted && code === 58) inValue = true;
    else if (!quoted && code === 59 && ++parameters > MAX_PARAMETERS_PER_LINE) return true;
  }
  return false;
}
