/**
 * A running timer's clock, apart from the other time-tracking rules (domain/time-rules.ts
 * re-exports it): the header's timer chip loads with every signed-in page and needs only this.
 */
export function formatElapsed(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(total / 3600)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
