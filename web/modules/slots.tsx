import { type ReactNode, Suspense } from "react";
import type { SettingsSection } from "../../domain/pages";
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

/**
 * What the modules that are on add to a section of /settings; `whenOff` for each module that
 * has something there but is off for the user (where to switch it on).
 */
export function SettingsPanels({
  section,
  whenOff,
}: {
  section: SettingsSection;
  whenOff: (moduleId: string) => ReactNode;
}) {
  const enabled = useEnabledModules();
  return WEB_MODULES.filter((module) => module.settings?.section === section).map(({ id, settings }) => {
    if (!enabled.has(id)) return <div key={id}>{whenOff(id)}</div>;
    const { Component } = settings!;
    return (
      <Suspense key={id} fallback={<p role="status">Loading…</p>}>
        <Component />
      </Suspense>
    );
  });
}
