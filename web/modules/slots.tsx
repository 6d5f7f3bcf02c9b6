import { Suspense } from "react";
import type { Task } from "../../domain/tasks";
import { useEnabledModules } from "../hooks/use-modules";
import { WEB_MODULES } from "./registry";

/** The modules on for the user, in the registry's order. */
function useModulesOn() {
  const enabled = useEnabledModules();
  return WEB_MODULES.filter((module) => enabled.has(module.id));
}

/** The dashboard cards of the modules that are on (web/modules/web-module.ts). */
export function DashboardWidgets() {
  return useModulesOn().map(
    ({ id, DashboardWidget }) =>
      DashboardWidget && (
        <Suspense key={id} fallback={null}>
          <DashboardWidget />
        </Suspense>
      ),
  );
}

/** The task editor's actions of the modules that are on. */
export function TaskActions({ task }: { task: Task }) {
  return useModulesOn().map(
    ({ id, TaskAction }) =>
      TaskAction && (
        <Suspense key={id} fallback={null}>
          <TaskAction task={task} />
        </Suspense>
      ),
  );
}
