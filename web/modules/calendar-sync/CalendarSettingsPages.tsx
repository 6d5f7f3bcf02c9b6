import { useLocation } from "react-router";
import CalendarAuthPage from "./CalendarAuthPage";
import GoogleCalendarPage from "./GoogleCalendarPage";
import SettingsPage from "./SettingsPage";

/**
 * /calendar-settings, /calendar-auth and /google-calendar as one chunk: they link to one another
 * and share most of their code, and every lazily imported chunk costs the first load its list of
 * files (e2e/first-load-budget.test.ts).
 */
export default function CalendarSettingsPages() {
  const { pathname } = useLocation();
  if (pathname === "/calendar-auth") return <CalendarAuthPage />;
  if (pathname === "/google-calendar") return <GoogleCalendarPage />;
  return <SettingsPage />;
}
