import type { AssignmentHow, DelegationStatus, RotationMode } from "../../../../domain/delegation-rules.js";
import type { Flag } from "../../../db/schema.js";

/** Delegation's tables, added to the database's type where the module is (docs/modules.md). */

/** One assignee per task: the primary key makes a claim one conditional insert. */
export interface TaskAssignmentTable {
  task_id: string;
  assignee_id: string;
  assigned_by: string;
  assigned_at: string;
  how: AssignmentHow;
}

/** A request to take a task; at most one pending per task (a partial unique index). */
export interface TaskDelegationTable {
  id: string;
  task_id: string;
  from_user_id: string;
  to_user_id: string;
  status: DelegationStatus;
  note: string;
  answer_note: string;
  created_at: string;
  answered_at: string | null;
}

/** A task anyone of its group may claim. */
export interface OpenTaskTable {
  task_id: string;
  opened_by: string;
  opened_at: string;
}

/** A group owner's switches for the three parts; no row means all on. */
export interface GroupDelegationSettingsTable {
  group_id: string;
  delegation: Flag;
  assignment: Flag;
  volunteering: Flag;
  updated_at: string;
}

/** How a repeating task's next occurrence is assigned; `member_ids` is a JSON array, in turn order. */
export interface TaskRotationTable {
  task_id: string;
  mode: RotationMode;
  member_ids: string;
  updated_at: string;
}

declare module "../../../db/schema.js" {
  interface DB {
    task_assignments: TaskAssignmentTable;
    task_delegations: TaskDelegationTable;
    open_tasks: OpenTaskTable;
    group_delegation_settings: GroupDelegationSettingsTable;
    task_rotations: TaskRotationTable;
  }
}
