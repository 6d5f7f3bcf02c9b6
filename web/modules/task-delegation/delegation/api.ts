import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type {
  AssignmentOverview,
  DelegationList,
  DelegationSettings,
  GroupAssignments,
  TaskAssignment,
  Volunteering,
} from "../../../../domain/delegation";
import { DELEGATION_MESSAGES } from "../../../../domain/delegation-rules";
import { apiFetch, ApiRequestError, errorMessage } from "../../../api/http";
import { useMe } from "../../../hooks/use-me";
import { notify } from "../../../stores/notifier";
import { DELEGATION_ROOT } from "./keys";

/** The query keys of this part, all under one root (part.ts, loaded with every page, needs only the root). */
export const delegationKeys = {
  root: [DELEGATION_ROOT] as const,
  group: (groupId: string) => [DELEGATION_ROOT, "group", groupId] as const,
  task: (taskId: string) => [DELEGATION_ROOT, "task", taskId] as const,
  delegations: [DELEGATION_ROOT, "requests"] as const,
  overview: [DELEGATION_ROOT, "overview"] as const,
  volunteering: [DELEGATION_ROOT, "volunteering"] as const,
  settings: (groupId: string) => [DELEGATION_ROOT, "settings", groupId] as const,
};

/** This part's reads (docs/delegation.md); every key starts with delegationKeys.root. */
const enc = encodeURIComponent;

export function useGroupAssignments(groupId: string) {
  const me = useMe();
  return useQuery({
    queryKey: delegationKeys.group(groupId),
    queryFn: () => apiFetch<GroupAssignments>(`/api/groups/${enc(groupId)}/assignments`),
    enabled: Boolean(me) && groupId !== "",
    // Every row of a list reads this; one answer a minute is fresh enough, live events refetch it.
    staleTime: 60_000,
  });
}

export function useTaskAssignment(taskId: string) {
  return useQuery({
    queryKey: delegationKeys.task(taskId),
    queryFn: () => apiFetch<TaskAssignment>(`/api/tasks/${enc(taskId)}/assignment`),
  });
}

export const useDelegations = () =>
  useQuery({ queryKey: delegationKeys.delegations, queryFn: () => apiFetch<DelegationList>("/api/delegations") });

export const useAssignmentOverview = () =>
  useQuery({ queryKey: delegationKeys.overview, queryFn: () => apiFetch<AssignmentOverview>("/api/assignments") });

export const useVolunteering = () =>
  useQuery({ queryKey: delegationKeys.volunteering, queryFn: () => apiFetch<Volunteering>("/api/volunteering") });

export function useDelegationSettings(groupId: string) {
  return useQuery({
    queryKey: delegationKeys.settings(groupId),
    queryFn: () => apiFetch<DelegationSettings>(`/api/groups/${enc(groupId)}/delegation-settings`),
  });
}

/**
 * Sends one decision straight to the server (never through the offline queue: who does what is
 * decided together, so it needs the others' latest answer). On success every read of this part
 * refetches and `success` shows; a refusal shows the server's reason ("Already claimed by Bob").
 */
export function useDecision() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function send(path: string, method: string, body: unknown, success: string): Promise<boolean> {
    setBusy(true);
    try {
      await apiFetch(path, { method, body });
      notify.success(success);
      return true;
    } catch (error) {
      // A refusal says why in the server's words ("Already claimed by Bob"); anything else, that it failed.
      if (error instanceof ApiRequestError && error.status < 500) notify.error(error.message);
      else notify.error(DELEGATION_MESSAGES.failed, { description: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: delegationKeys.root });
    }
  }
  return { busy, send };
}

export const decisionPaths = {
  assignee: (taskId: string) => `/api/tasks/${enc(taskId)}/assignee`,
  delegations: (taskId: string) => `/api/tasks/${enc(taskId)}/delegations`,
  answer: (id: string, action: "accept" | "decline" | "revoke") => `/api/delegations/${enc(id)}/${action}`,
  open: (taskId: string) => `/api/tasks/${enc(taskId)}/open`,
  claim: (taskId: string) => `/api/tasks/${enc(taskId)}/claim`,
  rotation: (taskId: string) => `/api/tasks/${enc(taskId)}/rotation`,
  settings: (groupId: string) => `/api/groups/${enc(groupId)}/delegation-settings`,
};
