import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { Task } from "../../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../../tests/helpers/databases";
import { createSharedGroup } from "../../tests/helpers/groups";
import type { HttpClient } from "../../tests/helpers/http-client";
import { type RunningServer, startServer } from "../../tests/helpers/server";
import { signUp } from "../../tests/helpers/sign-in";
import { collectPageErrors, type BrowserSession } from "./session";

export interface Person {
  client: HttpClient;
  id: string;
}

/**
 * A server of the file's own and families of two on it, for tests of what group members do
 * together in two browsers: Olive owns "The Millers", Milo is a member. Call at the top of a
 * describe block, after useBrowser().
 */
export function useFamilies(session: BrowserSession) {
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  let families = 0;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database, { RATE_LIMIT_MAX: "5000" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const running = () => {
    if (!server) throw new Error("useFamilies(): the server starts in beforeAll; use it inside tests");
    return server;
  };

  return {
    get baseUrl(): string {
      return running().baseUrl;
    },

    /** A new family, each person signed up over HTTP. */
    async family(): Promise<{ olive: Person; milo: Person; groupId: string }> {
      families += 1;
      const baseUrl = running().baseUrl;
      const olive = await signUp(baseUrl, "Olive Owner", `olive-${families}-${Date.now()}@example.org`);
      const milo = await signUp(baseUrl, "Milo Member", `milo-${families}-${Date.now()}@example.org`);
      const groupId = await createSharedGroup(running().database.db, {
        ownerId: olive.id,
        memberIds: [milo.id],
        name: "The Millers",
      });
      return { olive, milo, groupId };
    },

    /** A browser of the person's own (light theme), with `groupId` as the current group. */
    async browserFor(
      person: Person,
      groupId: string,
      viewport = { width: 1280, height: 800 },
    ): Promise<{ page: Page; errors: string[] }> {
      const context = await session.newContext({ viewport, colorScheme: "light" });
      await context.addCookies([
        { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: running().baseUrl },
      ]);
      await context.addInitScript((id) => localStorage.setItem("currentGroupId", id), groupId);
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page) };
    },

    async createTask(person: Person, groupId: string, title: string): Promise<Task> {
      const response = await person.client.request("/api/tasks", { json: { groupId, title } });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { task: Task }).task;
    },
  };
}
