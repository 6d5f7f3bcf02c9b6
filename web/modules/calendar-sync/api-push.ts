import type { CreatedEvent, CreateEventInput, PushStatus } from "../../../domain/calendar-push";
import { apiFetch } from "../../api/http";

/** Tasks in a connected calendar (docs/calendar.md, "Tasks in your calendar"): the client calls. */

export const getPushStatus = () => apiFetch<PushStatus>("/api/calendar/push");
export const choosePushCalendar = (calendarId: string | null) =>
  apiFetch<PushStatus>("/api/calendar/push", { method: "PUT", body: { calendarId } });
export const pushNow = () => apiFetch<PushStatus>("/api/calendar/push/sync", { method: "POST" });
export const createEvent = (input: CreateEventInput) =>
  apiFetch<CreatedEvent>("/api/calendar/events", { method: "POST", body: input });
