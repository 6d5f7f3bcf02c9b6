/**
 * What the task benchmarks need, made through the public HTTP API of a running server exactly as
 * a user and a script would: an account signed up at the built-in provider, a personal API token,
 * the personal group with a task to read and one to edit, and a team group of `listSize` tasks.
 */
import { signUp } from "../tests/helpers/sign-in.js";

export interface TaskFixture {
  /** Personal API token (`Authorization: Bearer …`). */
  token: string;
  userId: string;
  personalGroupId: string;
  /** A task in the personal group for GET /api/tasks/<id>. */
  readTaskId: string;
  /** A task in the personal group for PATCH /api/tasks/<id>. */
  editTaskId: string;
  /** A team group holding exactly `listSize` tasks. */
  listGroupId: string;
}

/** Concurrent creates while filling the list group: enough to be quick, few enough to stay polite. */
const FILL_CONCURRENCY = 8;

export async function prepareTaskFixture(baseUrl: string, listSize: number): Promise<TaskFixture> {
  const { client, id: userId } = await signUp(baseUrl, "Bench User", "bench@example.org");
  const created = await client.request("/api/tokens", { json: { name: "bench" } });
  const { token } = (await expectStatus(created, 201, "POST /api/tokens")) as { token: string };

  const api = async (method: string, path: string, status: number, body?: unknown): Promise<unknown> => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return expectStatus(response, status, `${method} ${path}`);
  };

  const groups = (await api("GET", "/api/groups", 200)) as { id: string; isPersonal: boolean }[];
  const personal = groups.find((group) => group.isPersonal);
  if (!personal) throw new Error("the new account has no personal group");

  const createTask = async (groupId: string, title: string): Promise<string> => {
    const { task } = (await api("POST", "/api/tasks", 201, { groupId, title })) as { task: { id: string } };
    return task.id;
  };
  const readTaskId = await createTask(personal.id, "Water the plants on the balcony");
  const editTaskId = await createTask(personal.id, "Book the dentist for the children");

  const listGroup = (await api("POST", "/api/groups", 201, { name: "Bench household", type: "team" })) as {
    id: string;
  };
  let next = 0;
  const fill = async () => {
    while (next < listSize) {
      next += 1;
      await createTask(listGroup.id, `Task ${String(next).padStart(3, "0")}: ${TITLES[next % TITLES.length]}`);
    }
  };
  await Promise.all(Array.from({ length: FILL_CONCURRENCY }, fill));

  return { token, userId, personalGroupId: personal.id, readTaskId, editTaskId, listGroupId: listGroup.id };
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}: ${text}`);
  return text === "" ? null : JSON.parse(text);
}

/** Everyday titles of varied length, so the list is not 200 copies of one short string. */
const TITLES = [
  "Buy milk",
  "Take the recycling out before Thursday morning",
  "Call grandma",
  "Renew the car insurance and compare at least three offers",
  "Fix the dripping kitchen tap",
  "Plan the weekend trip to the lake with the neighbours",
  "Pay the electricity bill",
  "Sort the winter clothes and give away what no longer fits",
];
