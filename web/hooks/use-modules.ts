import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { enabledModuleIds } from "../../domain/module-rules";
import { MODULES } from "../../domain/modules";
import { getGroupModules, getMyModules, moduleKeys } from "../api/modules";

/** Every module as it stands for the signed-in user (kept on the device for an offline start). */
export function useMyModules() {
  return useQuery({ queryKey: moduleKeys.mine, queryFn: getMyModules });
}

/** The modules of a group, for its owner's switches on /modules. */
export function useGroupModules(groupId: string | undefined) {
  return useQuery({
    queryKey: moduleKeys.group(groupId ?? ""),
    queryFn: () => getGroupModules(groupId!),
    enabled: Boolean(groupId),
  });
}

/**
 * The ids of the modules on for the signed-in user. Until the server (or this device) has said,
 * each module's default: a page or menu entry never vanishes and comes back while that loads.
 */
export function useEnabledModules(): ReadonlySet<string> {
  const { data } = useMyModules();
  return useMemo(
    () =>
      data ? new Set(data.filter((state) => state.enabled).map((state) => state.id)) : enabledModuleIds(new Map()),
    [data],
  );
}

/**
 * The module a page belongs to when only that module shows it (undefined for a page of the core
 * or of an always-on module, which every user has).
 */
export function moduleOfPage(pathname: string) {
  const owners = MODULES.filter(
    (module) =>
      module.routes.some((route) => route === pathname) || module.menuItems.some((item) => item.path === pathname),
  );
  return owners.length === 1 ? owners[0] : undefined;
}
