import { z } from "zod";
import { categorySchema } from "../../../domain/categories.js";
import { groupSchema } from "../../../domain/groups.js";
import { escapeJsonForHtml, serializeJsonForHtml } from "../../../domain/html.js";
import { settingsSchema } from "../../../domain/settings.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";
import { listCategories } from "./categories.js";
import { listGroups } from "../groups/groups.js";
import { getSettings } from "../preferences/settings.js";
import { groupTaskListAnswer } from "./tasks.js";

/**
 * The first render's data of a signed-in page (InitialAppData, domain/initial-data.ts), as JSON safe inside a
 * <script> element. The same services and response schemas as the API's routes make it, so the
 * app cannot tell it from their answers. `withHomeList`: "/" shows the personal group's tasks.
 */
export async function initialAppDataJson(deps: AppDeps, user: User, withHomeList: boolean): Promise<string> {
  const [groups, settings] = await Promise.all([listGroups(deps, user), getSettings(deps, user)]);
  const personal = withHomeList ? groups.find((group) => group.isPersonal) : undefined;
  // Encoded as the routes' response schemas encode them: the JSON the API would have sent.
  const data = {
    generatedAt: Date.now(),
    groups: z.array(groupSchema).encode(groups),
    settings: settingsSchema.encode(settings),
  };
  if (!personal) return serializeJsonForHtml({ ...data, home: null });
  const [tasks, categories] = await Promise.all([
    groupTaskListAnswer(deps, user, personal.id),
    listCategories(deps, user, personal.id),
  ]);
  // The task list is already JSON (and cached as such, server/services/tasks/task-list-cache.ts): it is
  // put in as text rather than parsed and written again.
  const home = `{"groupId":${JSON.stringify(personal.id)},"tasks":${tasks.json},"categories":${JSON.stringify(
    z.array(categorySchema).encode(categories),
  )}}`;
  const json = `${JSON.stringify(data).slice(0, -1)},"home":${home}}`;
  return escapeJsonForHtml(json);
}
