import type { CalendarFeed, CreatedFeed } from "../../../domain/calendar-feeds";
import { apiFetch } from "../../api/http";

const feedPath = (feedId: string) => `/api/calendar/feeds/${encodeURIComponent(feedId)}`;

export const listFeeds = () => apiFetch<{ feeds: CalendarFeed[] }>("/api/calendar/feeds");
/** Makes the feed, or gives it a new address: the answer is the only time the address is shown. */
export const createFeed = (groupId: string | null, includeCompleted: boolean) =>
  apiFetch<CreatedFeed>("/api/calendar/feeds", { method: "POST", body: { groupId, includeCompleted } });
export const setIncludeCompleted = (feedId: string, includeCompleted: boolean) =>
  apiFetch<CalendarFeed>(feedPath(feedId), { method: "PATCH", body: { includeCompleted } });
export const revokeFeed = (feedId: string) => apiFetch<null>(feedPath(feedId), { method: "DELETE" });

/** The same address for apps that open webcal: links (Apple Calendar, Outlook, Thunderbird). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, "webcal:");
