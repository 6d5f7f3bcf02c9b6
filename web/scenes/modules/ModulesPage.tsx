import { useQueryClient } from "@tanstack/react-query";
import {
  Calendar,
  ChartColumn,
  MessagesSquare,
  ShoppingCart,
  UtensilsCrossed,
  Handshake,
  Layers,
  ListTodo,
  Lock,
  type LucideIcon,
  Settings,
  Sparkles,
  Star,
  Tags,
  Ticket,
} from "lucide-react";
import { useState } from "react";
import type { ModuleState } from "../../../domain/module-state";
import { findModule } from "../../../domain/module-rules";
import { MODULE_DESCRIPTIONS } from "../../../domain/module-descriptions";
import { type ModuleDefinition, type ModuleIcon, MODULES } from "../../../domain/modules";
import { moduleKeys, setGroupModule, setMyModule } from "../../api/modules";
import { errorMessage } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useGroupModules, useMyModules } from "../../hooks/use-modules";
import { notify } from "../../stores/notifier";

const ICONS: Record<ModuleIcon, LucideIcon> = {
  "list-todo": ListTodo,
  layers: Layers,
  tags: Tags,
  settings: Settings,
  star: Star,
  sparkles: Sparkles,
  handshake: Handshake,
  "chart-column": ChartColumn,
  "messages-square": MessagesSquare,
  "shopping-cart": ShoppingCart,
  utensils: UtensilsCrossed,
  calendar: Calendar,
  ticket: Ticket,
};

const ordered = [...MODULES].sort((a, b) => a.order - b.order);

/** "Needs: Task manager" for a module's dependencies, by name. */
function needs(module: ModuleDefinition): string | null {
  const names = module.dependencies.map((id) => findModule(id)?.name ?? id);
  return names.length ? `Needs: ${names.join(", ")}` : null;
}

/**
 * /modules: what each module does, its version, status and dependencies, with a switch for the
 * user (core modules locked, with the reason) and, for a group's owner, one for the whole group.
 */
export default function ModulesPage() {
  const client = useQueryClient();
  const mine = useMyModules();
  const { current: group } = useCurrentGroup();
  // The owner of a shared group (a personal group has one member: their own switches say it all).
  const ownsGroup = group !== undefined && group.abilities.invite;
  const groupModules = useGroupModules(ownsGroup ? group.id : undefined);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(module: ModuleDefinition, enabled: boolean, forGroup: boolean) {
    setBusy(`${forGroup ? "group" : "mine"}:${module.id}`);
    try {
      const states = forGroup
        ? await setGroupModule(group!.id, module.id, enabled)
        : await setMyModule(module.id, enabled);
      client.setQueryData<ModuleState[]>(forGroup ? moduleKeys.group(group!.id) : moduleKeys.mine, states);
      void client.invalidateQueries({ queryKey: moduleKeys.all });
      notify.success(`${module.name} ${enabled ? "enabled" : "disabled"} successfully`);
    } catch (error) {
      notify.error("Failed to enable or disable module", { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const stateOf = (states: ModuleState[] | undefined, id: string) => states?.find((state) => state.id === id);

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Modules</h1>
        <p className="mt-1 text-ink-muted">
          Tandem is made of modules. Switch off what you do not use: its pages and menu entries go, and it stays out of
          your way on every device.
        </p>
      </header>

      {mine.data === undefined ? (
        <DataUnavailable
          what="your modules"
          failure="Failed to load modules. Please try again later."
          failed={mine.isError}
          onRetry={() => void mine.refetch()}
        />
      ) : (
        <Section title="Your modules" description="On or off for you, in every group.">
          <ul className="mt-4 divide-y divide-line">
            {ordered.map((module) => {
              const state = stateOf(mine.data, module.id);
              const Icon = ICONS[module.icon];
              return (
                <li key={module.id} className="flex gap-3 py-4">
                  <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
                  <div className="min-w-0 flex-1">
                    <Switch
                      label={module.name}
                      checked={state?.enabled ?? false}
                      disabled={state?.alwaysOn !== false || busy !== null}
                      onChange={(enabled) => void toggle(module, enabled, false)}
                      description={
                        <>
                          {MODULE_DESCRIPTIONS[module.id]}
                          <span className="mt-1 flex flex-wrap gap-x-3 text-xs">
                            <span>Version {module.version}</span>
                            <span>{module.status === "ACTIVE" ? "Available" : "Not available on this server"}</span>
                            {needs(module) && <span>{needs(module)}</span>}
                          </span>
                          {state?.lockedReason && (
                            <span className="mt-1 flex items-center gap-1 text-xs">
                              <Lock aria-hidden="true" className="size-3" />
                              {state.lockedReason}
                            </span>
                          )}
                        </>
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {ownsGroup &&
        (groupModules.data === undefined ? (
          <DataUnavailable
            what={`the modules of ${group.name}`}
            failure="Failed to load your module preferences. Please try again later."
            failed={groupModules.isError}
            onRetry={() => void groupModules.refetch()}
          />
        ) : (
          <Section
            title={`For everyone in ${group.name}`}
            description="As the group's owner you can switch a module off for the whole group. What needs it goes off there too."
          >
            <ul className="mt-4 divide-y divide-line">
              {ordered.map((module) => {
                const state = stateOf(groupModules.data, module.id);
                return (
                  <li key={module.id} className="py-4">
                    <Switch
                      label={`${module.name} in ${group.name}`}
                      checked={state ? !state.offInGroup : true}
                      disabled={state?.alwaysOn !== false || busy !== null}
                      onChange={(enabled) => void toggle(module, enabled, true)}
                      description={state?.lockedReason ?? undefined}
                    />
                  </li>
                );
              })}
            </ul>
          </Section>
        ))}
    </div>
  );
}
