/** /calendar-settings: being built (docs/calendar.md). */
export default function CalendarSettingsPage() {
  return <h1 className="text-xl font-semibold">Calendar settings</h1>;
}
