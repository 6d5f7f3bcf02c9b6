import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { orderGroups, resolveCurrentGroup } from "../../domain/group-switch";
import type { Group } from "../../domain/groups";
import { groupKeys, invitationKeys, listGroups, listInvitations } from "../api/groups";
import { chooseGroup, useChosenGroupId } from "../stores/current-group";
import { useMe } from "./use-me";

/** The signed-in user's groups, personal first. Live updates (web/realtime) keep the query fresh. */
export function useGroups() {
  const me = useMe();
  const query = useQuery({ queryKey: groupKeys.all, queryFn: listGroups, enabled: Boolean(me) });
  const groups = useMemo(() => orderGroups(query.data ?? []), [query.data]);
  return { ...query, groups };
}

/** The group shown on this device: the one chosen here, or the personal group (default and fallback). */
export function useCurrentGroup(): {
  current: Group | undefined;
  groups: Group[];
  isPending: boolean;
  /** Failed, with no groups to show. */
  isError: boolean;
  retry: () => void;
  choose: (groupId: string) => void;
} {
  const { groups, data, isPending, isError, refetch } = useGroups();
  const chosen = useChosenGroupId();
  return {
    current: resolveCurrentGroup(chosen, groups),
    groups,
    isPending,
    // A failed refetch of groups the cache has (restored from the device, say) leaves them usable.
    isError: isError && data === undefined,
    retry: () => void refetch(),
    choose: chooseGroup,
  };
}

/** Invitations to and from the user. */
export function useInvitations() {
  const me = useMe();
  return useQuery({ queryKey: invitationKeys.all, queryFn: listInvitations, enabled: Boolean(me) });
}
