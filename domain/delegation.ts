import { z } from "zod";
import {
  ASSIGNMENT_HOWS,
  DELEGATION_NOTE_MAX_LENGTH,
  DELEGATION_STATUSES,
  ROTATION_MODES,
} from "./delegation-rules.js";
import { storableText } from "./fields.js";

export * from "./delegation-rules.js";

/** The API of delegation, assignment, volunteering and rotation (docs/delegation.md). */
const id = storableText().min(1).max(100);
const note = storableText()
  .trim()
  .max(DELEGATION_NOTE_MAX_LENGTH, `Use at most ${DELEGATION_NOTE_MAX_LENGTH} characters`);

export const taskParamsSchema = z.object({ taskId: id });
export const groupParamsSchema = z.object({ groupId: id });
export const delegationParamsSchema = z.object({ delegationId: id });

export const personSchema = z.object({ userId: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** Who has a task, and how they got it. */
export const assigneeSchema = personSchema.extend({
  how: z.enum(ASSIGNMENT_HOWS),
  assignedBy: z.string(),
  assignedAt: z.string(),
});
export type Assignee = z.infer<typeof assigneeSchema>;

export const rotationSchema = z.object({ mode: z.enum(ROTATION_MODES), memberIds: z.array(z.string()) });
export type Rotation = z.infer<typeof rotationSchema>;

export const delegationSettingsSchema = z.object({
  groupId: z.string(),
  delegation: z.boolean(),
  assignment: z.boolean(),
  volunteering: z.boolean(),
  /** Whether the caller (the group's owner) may change them. */
  canEdit: z.boolean(),
});
export type DelegationSettings = z.infer<typeof delegationSettingsSchema>;

export const updateDelegationSettingsSchema = z
  .object({ delegation: z.boolean(), assignment: z.boolean(), volunteering: z.boolean() })
  .partial()
  .strict();

/** A group's assignments at a glance, for the badges of every task row (one request per group). */
export const groupAssignmentsSchema = z.object({
  assignees: z.record(z.string(), assigneeSchema),
  openTaskIds: z.array(z.string()),
});
export type GroupAssignments = z.infer<typeof groupAssignmentsSchema>;

export const delegationSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  groupId: z.string(),
  from: personSchema,
  to: personSchema,
  status: z.enum(DELEGATION_STATUSES),
  note: z.string(),
  answerNote: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Delegation = z.infer<typeof delegationSchema>;

/** /task-delegation: requests waiting for the caller, theirs to others, and what was decided. */
export const delegationListSchema = z.object({
  incoming: z.array(delegationSchema),
  outgoing: z.array(delegationSchema),
  history: z.array(delegationSchema),
});
export type DelegationList = z.infer<typeof delegationListSchema>;

/** Everything the task editor's controls need about one task. */
export const taskAssignmentSchema = z.object({
  taskId: z.string(),
  groupId: z.string(),
  assignee: assigneeSchema.nullable(),
  open: z.boolean(),
  pending: delegationSchema.nullable(),
  rotation: rotationSchema.nullable(),
  repeats: z.boolean(),
  /** Members of the task's group: who can be assigned or asked. */
  members: z.array(personSchema),
  settings: delegationSettingsSchema,
  abilities: z.object({
    assignOthers: z.boolean(),
    assignSelf: z.boolean(),
    unassign: z.boolean(),
    delegate: z.boolean(),
    open: z.boolean(),
    claim: z.boolean(),
    rotate: z.boolean(),
  }),
});
export type TaskAssignment = z.infer<typeof taskAssignmentSchema>;

export const assignedTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  completed: z.boolean(),
  deadline: z.string().nullable(),
  assignee: assigneeSchema.nullable(),
  open: z.boolean(),
  repeats: z.boolean(),
  rotation: rotationSchema.nullable(),
});
export type AssignedTask = z.infer<typeof assignedTaskSchema>;

/** /task-assignment: the caller's tasks, and for the groups they own, who has what. */
export const assignmentOverviewSchema = z.object({
  assignedToMe: z.array(assignedTaskSchema),
  ownedGroups: z.array(
    z.object({
      groupId: z.string(),
      groupName: z.string(),
      members: z.array(personSchema),
      tasks: z.array(assignedTaskSchema),
      settings: delegationSettingsSchema,
    }),
  ),
});
export type AssignmentOverview = z.infer<typeof assignmentOverviewSchema>;

/** /task-volunteering: the open tasks of the caller's groups, claimed or not. */
export const volunteeringSchema = z.object({ open: z.array(assignedTaskSchema) });
export type Volunteering = z.infer<typeof volunteeringSchema>;

export const assignBodySchema = z.object({ userId: id });
export const delegateBodySchema = z.object({ toUserId: id, note: note.default("") });
export const answerBodySchema = z.object({ note: note.default("") });
export const rotationBodySchema = z.object({
  mode: z.enum(ROTATION_MODES),
  memberIds: z.array(id).min(1).max(100),
});
