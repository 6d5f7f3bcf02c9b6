export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Spellings already resolved: bounded, since a sender can write a zone in any letter case. */
const canonicalNames = new Map<string, string | null>();
const MAX_SPELLINGS = 200;

/**
 * The zone's canonical name ("europe/berlin" is "Europe/Berlin"), or null for a name Intl does not
 * know. Intl accepts any letter case: keyed by what a sender wrote, each variant would get its own
 * formatter and its own scan of offset changes, cached for good.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (canonicalNames.has(timeZone)) {
    const known = canonicalNames.get(timeZone)!;
    // Least recently used first out: a name used again moves to the end.
    canonicalNames.delete(timeZone);
    canonicalNames.set(timeZone, known);
    return known;
  }
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalNames.size >= MAX_SPELLINGS) canonicalNames.delete(canonicalNames.keys().next().value!);
  canonicalNames.set(timeZone, canonical);
  return canonical;
}

/** Keyed by canonical names only, so it holds at most one formatter per real zone. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** How many formatters are kept (tests check that spellings of one zone share one). */
export function cachedFormatCount(): number {
  return formats.size;
}

/** A formatter per zone, made once: building one is the costly part. An unknown zone is UTC. */
function formatFor(name: string): Intl.DateTimeFormat {
  const timeZone = canonicalTimeZone(name) ?? "UTC";
  let format = formats.get(timeZone);
  if (!format) {
    const options = {
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    } as const;
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formats.set(timeZone, format);
  }
  return format;
}

/** What a clock in the zone shows at `at`. */
export function wallClockAt(at: Date | number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}
