import type { Assignee, Delegation, DelegationSettings, Rotation } from "../../../../domain/delegation.js";
import type { AssignmentRecord, DelegationRecord, PartSwitches, RotationRecord } from "./repository.js";

/** Database records -> the API's shapes (domain/delegation.ts). */
export function presentAssignee(record: AssignmentRecord | undefined): Assignee | null {
  if (!record) return null;
  return {
    userId: record.assigneeId,
    name: record.assigneeName,
    how: record.how,
    assignedBy: record.assignedBy,
    assignedAt: record.assignedAt,
  };
}

export function presentDelegation(record: DelegationRecord): Delegation {
  return {
    id: record.id,
    taskId: record.taskId,
    taskTitle: record.taskTitle,
    groupId: record.groupId,
    from: { userId: record.fromUserId, name: record.fromName },
    to: { userId: record.toUserId, name: record.toName },
    status: record.status,
    note: record.note,
    answerNote: record.answerNote,
    createdAt: record.createdAt,
    answeredAt: record.answeredAt,
  };
}

export function presentSettings(groupId: string, switches: PartSwitches, canEdit: boolean): DelegationSettings {
  return { groupId, ...switches, canEdit };
}

export function presentRotation(record: RotationRecord | undefined): Rotation | null {
  return record ? { mode: record.mode, memberIds: record.memberIds } : null;
}
