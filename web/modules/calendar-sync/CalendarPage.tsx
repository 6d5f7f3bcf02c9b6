/** /calendar: being built (docs/calendar.md). */
export default function CalendarPage() {
  return <h1 className="text-xl font-semibold">Calendar</h1>;
}
