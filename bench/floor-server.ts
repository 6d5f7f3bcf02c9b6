/**
 * Benchmark floor: the least a server can do to answer our task routes, on the same SQLite file
 * our app wrote (BENCH_SQLITE_FILE), so each app figure can be set against the database work it
 * cannot avoid. Bare Fastify, logger off, better-sqlite3 in WAL with synchronous=NORMAL, the
 * statements prepared once; a token's user remembered 10 s, as our app remembers credentials.
 * Prints {"port":N} when ready.
 *
 * - GET /api/tasks/:id : the visibility check, the task, its subtasks and shares in one statement;
 *   the same bytes our app answers.
 * - POST /api/tasks {groupId, title} : the membership check, then one transaction with the task
 *   and its change row.
 * - PATCH /api/tasks/:id {title} : the visibility check (with subtasks and shares, for the answer),
 *   then one transaction with the update and its change row.
 *
 * No validation, no error catalogue, no live events: what is left is what any implementation pays.
 */
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import Fastify from "fastify";

const CREDENTIALS_TTL_MS = 10_000;

const file = process.env.BENCH_SQLITE_FILE;
if (!file) throw new Error("BENCH_SQLITE_FILE must name the app's SQLite file");
const Driver = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
const db = new Driver(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");

const tokenUser = db.prepare<[string], { user_id: string }>("select user_id from api_tokens where token_hash = ?");

const TASK_COLUMNS = `t.id, t.group_id, t.title, t.completed, t.completed_at, t.deadline, t.deadline_time_zone,
  t.repeat_rule, t.repeat_from_completion, t.priority, t.category, t.owner_id, t.locked, t.notes, t.sort_order,
  t.created_at, t.updated_at,
  (select json_group_array(json_object('id', s.id, 'title', s.title, 'completed', json(iif(s.completed, 'true', 'false')),
     'createdAt', s.created_at, 'completedAt', s.completed_at))
   from (select * from subtasks where task_id = t.id order by position, created_at) s) as subtasks,
  (select json_group_array(group_id) from (select group_id from task_shares where task_id = t.id order by shared_at)) as shares`;

const visibleTask = db.prepare<[string, string, string], TaskRow>(
  `select ${TASK_COLUMNS} from tasks t where t.id = ? and (
     exists (select 1 from group_members m where m.group_id = t.group_id and m.user_id = ?)
     or exists (select 1 from task_shares x join group_members m on m.group_id = x.group_id
                where x.task_id = t.id and m.user_id = ?))`,
);
const isMember = db.prepare<[string, string], { one: number }>(
  "select 1 as one from group_members where group_id = ? and user_id = ?",
);
const insertTask = db.prepare(
  `insert into tasks (id, group_id, title, completed, completed_at, deadline, deadline_time_zone, repeat_rule,
     repeat_from_completion, priority, category, owner_id, locked, notes, sort_order, created_at, updated_at)
   values (?, ?, ?, 0, null, null, null, null, 0, 'medium', 'other', ?, 0, '',
     coalesce((select min(sort_order) from tasks where group_id = ?) - 1, 0), ?, ?)
   returning sort_order`,
);
const updateTitle = db.prepare("update tasks set title = ?, updated_at = ? where id = ?");
const recordChange = db.prepare("insert into task_changes (group_id, task_id, changed_at) values (?, ?, ?)");

interface TaskRow {
  id: string;
  group_id: string;
  title: string;
  completed: number;
  completed_at: string | null;
  deadline: string | null;
  deadline_time_zone: string | null;
  repeat_rule: string | null;
  repeat_from_completion: number;
  priority: string;
  category: string;
  owner_id: string;
  locked: number;
  notes: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
  subtasks: string;
  shares: string;
}

const users = new Map<string, { userId: string; until: number }>();

function caller(authorization: string | undefined): string | null {
  const token = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
  if (token === null) return null;
  const hash = createHash("sha256").update(token).digest("base64url");
  const now = Date.now();
  const known = users.get(hash);
  if (known !== undefined && known.until > now) return known.userId;
  const row = tokenUser.get(hash);
  if (row === undefined) return null;
  users.set(hash, { userId: row.user_id, until: now + CREDENTIALS_TTL_MS });
  return row.user_id;
}

/** The task as our API presents it, field for field in the same order. */
function present(row: TaskRow, viewerId: string) {
  const subtasks = JSON.parse(row.subtasks) as { completed: boolean }[];
  const owner = row.owner_id === viewerId;
  const locked = row.locked === 1;
  return {
    id: row.id,
    groupId: row.group_id,
    title: row.title,
    completed: row.completed === 1,
    completedAt: row.completed_at,
    deadline: row.deadline,
    deadlineTimeZone: row.deadline_time_zone,
    repeat:
      row.repeat_rule === null ? null : { rule: row.repeat_rule, fromCompletion: row.repeat_from_completion === 1 },
    priority: row.priority,
    category: row.category,
    ownerId: row.owner_id,
    locked,
    sharedWithGroups: JSON.parse(row.shares) as string[],
    notes: row.notes,
    subtasks,
    subtasksTotal: subtasks.length,
    subtasksCompleted: subtasks.filter((subtask) => subtask.completed).length,
    order: row.sort_order,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    abilities: { edit: owner || !locked, delete: owner && !locked, lock: owner, share: owner },
  };
}

const create = db.transaction((id: string, groupId: string, title: string, userId: string, at: string) => {
  const { sort_order } = insertTask.get(id, groupId, title, userId, groupId, at, at) as { sort_order: number };
  recordChange.run(groupId, id, at);
  return sort_order;
});
const update = db.transaction((row: TaskRow, title: string, at: string) => {
  updateTitle.run(title, at, row.id);
  recordChange.run(row.group_id, row.id, at);
  for (const groupId of JSON.parse(row.shares) as string[]) recordChange.run(groupId, row.id, at);
});

const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>("/api/tasks/:id", async (request, reply) => {
  const userId = caller(request.headers.authorization);
  if (userId === null) return reply.status(401).send();
  const row = visibleTask.get(request.params.id, userId, userId);
  if (row === undefined) return reply.status(404).send();
  return present(row, userId);
});

app.post<{ Body: { groupId: string; title: string } }>("/api/tasks", async (request, reply) => {
  const userId = caller(request.headers.authorization);
  if (userId === null) return reply.status(401).send();
  const { groupId, title } = request.body;
  if (isMember.get(groupId, userId) === undefined) return reply.status(404).send();
  const id = `${groupId.slice(0, 8)}-${randomBytes(8).toString("hex").slice(0, 10)}`;
  const at = new Date().toISOString();
  const order = create(id, groupId, title, userId, at);
  const row: TaskRow = {
    id,
    group_id: groupId,
    title,
    completed: 0,
    completed_at: null,
    deadline: null,
    deadline_time_zone: null,
    repeat_rule: null,
    repeat_from_completion: 0,
    priority: "medium",
    category: "other",
    owner_id: userId,
    locked: 0,
    notes: "",
    sort_order: order,
    created_at: at,
    updated_at: at,
    subtasks: "[]",
    shares: "[]",
  };
  return reply.status(201).send({ task: present(row, userId), possibleDuplicate: false });
});

app.patch<{ Params: { id: string }; Body: { title: string } }>("/api/tasks/:id", async (request, reply) => {
  const userId = caller(request.headers.authorization);
  if (userId === null) return reply.status(401).send();
  const row = visibleTask.get(request.params.id, userId, userId);
  if (row === undefined) return reply.status(404).send();
  const at = new Date().toISOString();
  update(row, request.body.title, at);
  return present({ ...row, title: request.body.title, updated_at: at }, userId);
});

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (address === null || typeof address === "string") throw new Error("expected a TCP address");
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  app.close().then(
    () => {
      db.close();
      process.exit(0);
    },
    () => process.exit(1),
  );
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
