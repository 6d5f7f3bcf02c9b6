import type { ApiError, ErrorCode } from "../../../domain/errors";
import { createTaskSchema, type Task, TASK_MESSAGES, updateTaskSchema } from "../../../domain/tasks";
import { task as taskWith } from "../../test-support/task";

/** One request as the server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  operationId: string | null;
}

type Answer = { status: number; body: unknown };

const failure = (status: number, code: ErrorCode, message: string): Answer => ({
  status,
  body: { error: { code, message } } satisfies ApiError,
});

/**
 * The network and the task API behind it, for unit tests of the web client: a `fetch` that answers
 * the calls of server/routes/tasks/tasks.ts with their statuses and bodies, applies each operationId
 * once (a replay gets the first answer, as server/services/tasks/operations.ts does), and can be cut off
 * or made to wait.
 */
export function fakeTaskApi() {
  const tasks = new Map<string, Task>();
  const answered = new Map<string, Answer>();
  const received: ReceivedRequest[] = [];
  let reachable = true;
  let held: Promise<void> | null = null;

  function create(body: unknown): Answer {
    const parsed = createTaskSchema.safeParse(body);
    if (!parsed.success) return failure(400, "validation_failed", parsed.error.issues[0]!.message);
    const input = parsed.data;
    const id = input.id ?? `${input.groupId.slice(0, 8)}-${tasks.size}`;
    if (tasks.has(id)) return failure(409, "conflict", TASK_MESSAGES.idTaken);
    const now = new Date().toISOString();
    const created = taskWith(id, {
      groupId: input.groupId,
      title: input.title,
      priority: input.priority,
      category: input.category ?? "other",
      deadline: input.deadline ?? null,
      repeat: input.repeat ?? null,
      notes: input.notes,
      createdAt: now,
      updatedAt: now,
    });
    tasks.set(id, created);
    return { status: 201, body: { task: created, possibleDuplicate: false } };
  }

  function update(id: string, body: unknown): Answer {
    const saved = tasks.get(id);
    if (!saved) return failure(404, "not_found", TASK_MESSAGES.notFound);
    const parsed = updateTaskSchema.safeParse(body);
    if (!parsed.success) return failure(400, "validation_failed", parsed.error.issues[0]!.message);
    const { operationId: _operationId, completed, completedAt, ...changes } = parsed.data;
    const next: Task = { ...saved, ...changes, updatedAt: new Date().toISOString() };
    if (completed !== undefined && completed !== saved.completed) {
      next.completed = completed;
      next.completedAt = completed ? (completedAt ?? next.updatedAt) : null;
    }
    tasks.set(id, next);
    return { status: 200, body: next };
  }

  function remove(id: string): Answer {
    if (!tasks.delete(id)) return failure(404, "not_found", TASK_MESSAGES.notFound);
    return { status: 204, body: null };
  }

  function answer(method: string, path: string, body: unknown): Answer {
    const taskId = /^\/api\/tasks\/([^/]+)$/.exec(path)?.[1];
    if (method === "POST" && path === "/api/tasks") return create(body);
    if (method === "PATCH" && taskId) return update(decodeURIComponent(taskId), body);
    if (method === "DELETE" && taskId) return remove(decodeURIComponent(taskId));
    return failure(404, "not_found", "Route not found");
  }

  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    if (!reachable) throw new TypeError("Failed to fetch");
    const url = new URL(String(input), "http://tandem.test");
    const method = init.method ?? "GET";
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const operationId =
      url.searchParams.get("operationId") ?? (body as { operationId?: string } | undefined)?.operationId ?? null;
    received.push({ method, path: url.pathname, operationId });
    await held;
    const result = (operationId && answered.get(operationId)) || answer(method, url.pathname, body);
    // Only a write that happened is kept for replays: a refused one runs again when sent again.
    if (operationId && result.status < 400) answered.set(operationId, result);
    return result.status === 204
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(result.body), {
          status: result.status,
          headers: { "content-type": "application/json" },
        });
  }

  return {
    fetch,
    /** The server's tasks, by id; a test may put some there first. */
    tasks,
    /** Every request that reached the server, in the order it arrived. */
    received,
    /** Cuts the network (every request fails as fetch does without one) or brings it back. */
    setReachable(next: boolean) {
      reachable = next;
    },
    /** Requests arriving from now on wait for their answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
}

export type FakeTaskApi = ReturnType<typeof fakeTaskApi>;
