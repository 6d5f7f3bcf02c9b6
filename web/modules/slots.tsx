import { Component, type ReactNode, Suspense } from "react";
import { reportError } from "../api/report-error";
import type { Group } from "../../domain/groups";
import { MODULES } from "../../domain/modules";
import type { SettingsSection } from "../../domain/pages";
import type { Task } from "../../domain/tasks";
import { useEnabledModules } from "../hooks/use-modules";
import { WEB_MODULES } from "./registry";

/**
 * A module's part of a page: while its code loads, nothing; if it cannot load (offline, before the
 * offline app has it) or fails, nothing either, instead of the page's error screen: a badge or a
 * card of one module never takes the task list down with it. A failure is reported like any error.
 */
class ModulePart extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    void reportError(error, location.pathname);
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}

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
        <ModulePart key={module.id}>
          <Part />
        </ModulePart>
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
        <ModulePart key={id}>
          <TaskAction task={task} />
        </ModulePart>
      ),
  );
}

/** The markers the modules that are on put on a task (its rows and its editor's header). */
export function TaskBadges({ task }: { task: Task }) {
  return useModulesOn().map(
    ({ id, TaskBadge }) =>
      TaskBadge && (
        <ModulePart key={id}>
          <TaskBadge task={task} />
        </ModulePart>
      ),
  );
}

/** What the modules that are on show below a task's notes and subtasks on its own page. */
export function TaskPanels({ task }: { task: Task }) {
  return useModulesOn().map(
    ({ id, TaskPanel }) =>
      TaskPanel && (
        <ModulePart key={id}>
          <TaskPanel task={task} />
        </ModulePart>
      ),
  );
}

/** The markers the modules that are on put on a group's card. */
export function GroupBadges({ group }: { group: Group }) {
  return useModulesOn().map(
    ({ id, GroupBadge }) =>
      GroupBadge && (
        <ModulePart key={id}>
          <GroupBadge group={group} />
        </ModulePart>
      ),
  );
}

/** The modules with a badge for the menu item at `path`: those whose definition has that item. */
function badgeModulesOf(path: string) {
  return WEB_MODULES.filter(
    (module) =>
      module.MenuBadge &&
      MODULES.find((definition) => definition.id === module.id)?.menuItems.some((item) => item.path === path),
  );
}

/** Whether some module, on or off, has a badge for the menu item at `path`. */
export function hasMenuBadge(path: string): boolean {
  return badgeModulesOf(path).length > 0;
}

/**
 * The badges of the modules that are on for the menu item at `path`, in one element: the item's
 * link names it (by `id`) as its description, so a screen reader says "3 unread messages" after
 * the item's name. The element stays, empty, while no module fills it.
 */
export function MenuBadges({ path, id, className }: { path: string; id: string; className?: string }) {
  const enabled = useEnabledModules();
  return (
    <span id={id} className={className}>
      {badgeModulesOf(path)
        .filter((module) => enabled.has(module.id))
        .map(
          ({ id: moduleId, MenuBadge: Badge }) =>
            Badge && (
              <ModulePart key={moduleId}>
                <Badge path={path} />
              </ModulePart>
            ),
        )}
    </span>
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
      <ModulePart key={id} fallback={<p role="status">Loading…</p>}>
        <Component />
      </ModulePart>
    );
  });
}
