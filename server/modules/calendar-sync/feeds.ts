import { randomUUID } from "node:crypto";
import {
  type CalendarFeed,
  CALENDAR_MODULE,
  type CreatedFeed,
  type CreateFeedInput,
  FEED_MESSAGES,
} from "../../../domain/calendar-feeds.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { enabledModulesFor, requireModule } from "../../services/preferences/module-switches.js";
import { hashToken, randomToken } from "../../services/tokens.js";
import { FeedRepository, type FeedRow } from "./feed-repository.js";
import { buildFeed } from "./ics-feed.js";

/**
 * Secret ICS feeds (docs/calendar.md). The address carries 256 random bits and only their hash is
 * stored, so the address is shown once; making the feed again replaces it. A feed speaks for its
 * user at the moment it is read: their groups now, the module on for them now.
 */

const feeds = (deps: AppDeps) => new FeedRepository(deps.database.db);
const ALL_GROUPS = "all";
const ALL_GROUPS_NAME = "All my groups";
/** last_used_at moves at most this often, so a calendar app polling every few minutes writes little. */
const USED_PRECISION_MS = 3_600_000;

function feedUrl(deps: AppDeps, token: string): string {
  return `${deps.config.publicUrl}/api/calendar/feed/${token}.ics`;
}

async function groupNames(deps: AppDeps, userId: string): Promise<Map<string, string>> {
  const groups = await deps.repositories.groups.listForMember(userId);
  return new Map(groups.map((group) => [group.id, group.name]));
}

function present(row: FeedRow, names: Map<string, string>): CalendarFeed {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.group_id === null ? ALL_GROUPS_NAME : (names.get(row.group_id) ?? "A group you left"),
    includeCompleted: Number(row.include_completed) === 1,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

export async function listFeeds(deps: AppDeps, user: User): Promise<{ feeds: CalendarFeed[] }> {
  const [rows, names] = await Promise.all([feeds(deps).listForUser(user.id), groupNames(deps, user.id)]);
  return { feeds: rows.map((row) => present(row, names)) };
}

/** Makes the feed of all groups or of one the caller is in, or gives it a new address. */
export async function createFeed(deps: AppDeps, user: User, input: CreateFeedInput, now: Date): Promise<CreatedFeed> {
  const names = await groupNames(deps, user.id);
  if (input.groupId !== null && !names.has(input.groupId)) throw new NotFoundError(FEED_MESSAGES.groupNotFound);
  const token = randomToken();
  const row = await feeds(deps).upsert({
    id: randomUUID(),
    user_id: user.id,
    scope: input.groupId ?? ALL_GROUPS,
    group_id: input.groupId,
    token_hash: hashToken(token),
    include_completed: input.includeCompleted ? 1 : 0,
    created_at: now.toISOString(),
    last_used_at: null,
  });
  return { feed: present(row, names), url: feedUrl(deps, token) };
}

async function ownFeedOrNotFound(deps: AppDeps, user: User, feedId: string): Promise<FeedRow> {
  const row = await feeds(deps).find(feedId);
  if (!row || row.user_id !== user.id) throw new NotFoundError(FEED_MESSAGES.notFound);
  return row;
}

export async function updateFeed(
  deps: AppDeps,
  user: User,
  feedId: string,
  includeCompleted: boolean,
): Promise<CalendarFeed> {
  const row = await ownFeedOrNotFound(deps, user, feedId);
  await feeds(deps).setIncludeCompleted(row.id, includeCompleted);
  return present({ ...row, include_completed: includeCompleted ? 1 : 0 }, await groupNames(deps, user.id));
}

export async function revokeFeed(deps: AppDeps, user: User, feedId: string): Promise<void> {
  const row = await ownFeedOrNotFound(deps, user, feedId);
  await feeds(deps).delete(row.id);
}

/** Of the user's groups, those that have the module on: one that switched it off stays out of every calendar of all groups. */
export async function groupsWithCalendar<T extends { id: string }>(
  deps: AppDeps,
  userId: string,
  groups: readonly T[],
): Promise<T[]> {
  const shown: T[] = [];
  for (const group of groups) {
    if ((await enabledModulesFor(deps, userId, [group.id])).has(CALENDAR_MODULE)) shown.push(group);
  }
  return shown;
}

/**
 * The feed's text for whoever holds its address. An unknown or revoked address, or a group its
 * user has left, is 404; the module switched off for its user (or by the group) is 403.
 */
export async function readFeed(deps: AppDeps, token: string, now: Date): Promise<string> {
  const repository = feeds(deps);
  const row = await repository.findByTokenHash(hashToken(token));
  if (!row) throw new NotFoundError(FEED_MESSAGES.notFound);
  const groups = await deps.repositories.groups.listForMember(row.user_id);
  const scoped = row.group_id === null ? groups : groups.filter((group) => group.id === row.group_id);
  if (row.group_id !== null && scoped.length === 0) throw new NotFoundError(FEED_MESSAGES.notFound);
  await requireModule(deps, row.user_id, CALENDAR_MODULE, row.group_id === null ? [] : [row.group_id]);
  const shown = await groupsWithCalendar(deps, row.user_id, scoped);
  const tasks = await repository.feedTasks(shown, Number(row.include_completed) === 1, now.toISOString().slice(0, 10));
  const lastUsed = row.last_used_at === null ? 0 : Date.parse(new Date(row.last_used_at).toISOString());
  if (now.getTime() - lastUsed >= USED_PRECISION_MS) await repository.markUsed(row.id, now.toISOString());
  const name = row.group_id === null ? "Tandem: all my tasks" : `Tandem: ${scoped[0]!.name}`;
  return buildFeed(tasks, { name, origin: deps.config.publicUrl });
}
