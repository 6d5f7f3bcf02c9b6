/** The chrono-node parsers quick add reads dates with: English, or German for a "de…" locale. */
import * as chronoDe from "chrono-node/de";
import * as chronoEn from "chrono-node/en";

/**
 * "24.12." (a day and a month, each followed by a full stop, as Germans write them): chrono reads
 * "24.12.2026" itself, but without the year it sees nothing. "3.5 kg" and "1.2.3" lack the
 * closing full stop, so stay numbers.
 */
const dottedDayMonth: chronoEn.Parser = {
  pattern: () => /(^|[^\d.])([0-3]?\d)\.([01]?\d)\.(?![\d.])/,
  extract: (context, match) => {
    const day = Number(match[2]);
    const month = Number(match[3]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    const start = match.index! + match[1]!.length;
    return context.createParsingResult(start, match[0].slice(match[1]!.length), { day, month });
  },
};

function withDottedDates(chrono: chronoEn.Chrono): chronoEn.Chrono {
  const copy = chrono.clone();
  copy.parsers.push(dottedDayMonth);
  return copy;
}

let english: chronoEn.Chrono | undefined;
let german: chronoDe.Chrono | undefined;

/** Built on first use: a parser holds dozens of patterns, and most pages never ask for one. */
export function chronoFor(locale: string): chronoEn.Chrono {
  if (locale.toLowerCase().startsWith("de")) return (german ??= withDottedDates(chronoDe.casual));
  return (english ??= withDottedDates(chronoEn.casual));
}

/** Whether "3/4" means 3 April (most of the world) rather than March 4 (the United States). */
export function readsDayFirst(locale: string): boolean {
  return !/^en-us\b/i.test(locale);
}

export type { ParsedResult, ParsingReference } from "chrono-node/en";
