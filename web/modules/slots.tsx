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

type PlainSlot = "DashboardWidget" | "HeaderAction" | "Overlay";

/** One slot without props, filled by each module that is on and has it, in the registry's order. */
function Slot({ name }: { name: PlainSlot }) {
  return useModulesOn().map((module) => {
    const Part = module[name];
    return (
      Part && (
        <Suspense key={module.id} fallback={null}>
          <Part />
        </Suspense>
      )
    );
  });
}

/** The dashboard cards of the modules that are on (web/modules/web-module.ts). */
export const DashboardWidgets = () => <Slot name="DashboardWidget" />;
/** The header buttons of the modules that are on. */
export const ModuleHeaderActions = () => <Slot name="HeaderAction" />;
/** What the modules that are on float over every signed-in page. */
export const ModuleOverlays = () => <Slot name="Overlay" />;

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

/** The markers the modules that are on put on a task (its rows and its editor's header). */
export function TaskBadges({ task }: { task: Task }) {
  return useModulesOn().map(
    ({ id, TaskBadge }) =>
      TaskBadge && (
        <Suspense key={id} fallback={null}>
          <TaskBadge task={task} />
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
