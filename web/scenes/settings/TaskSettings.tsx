import { DEFAULT_CATEGORY_IDS } from "../../../domain/category-rules";
import type { Group } from "../../../domain/groups";
import type { Backup } from "../../../domain/backup";
import { getGroupBackup, getUserBackup, restoreGroupBackup, restoreUserBackup } from "../../api/backup";
import { DataUnavailable } from "../../components/DataUnavailable";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useGroupCategories } from "../../hooks/use-group-categories";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { CategoryBadge } from "../tasks/CategoryChip";
import { BackupSection, type BackupTarget } from "./BackupSection";
import { useSettingsState } from "./use-settings-state";
import { useOnline } from "../../offline/use-offline";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const linkClass = "text-brand underline underline-offset-2 hover:decoration-2";

function userBackupTarget(): BackupTarget {
  return {
    scope: "user",
    title: "Backup of your tasks",
    description: "Every task you own, in every group, as one file: to keep, or to bring back after a mistake.",
    downloadLabel: "Download my tasks",
    replaceBlocked: null,
    replaceWarning: (backup: Backup) => {
      const groups = new Set(backup.tasks.map((task) => task.groupId)).size;
      return `Every task you own in the ${plural(groups, "group")} this file covers is deleted first, then its ${plural(backup.tasks.length, "task")} are restored.`;
    },
    download: getUserBackup,
    restore: restoreUserBackup,
  };
}

function groupBackupTarget(group: Group, isOwner: boolean): BackupTarget {
  return {
    scope: "group",
    title: `Backup of ${group.name}`,
    description: "The group's tasks and its categories. Any member can download and merge; replacing is for its owner.",
    downloadLabel: "Download group tasks",
    fileLabel: group.name,
    replaceBlocked: isOwner ? null : "Only the owner of the group can replace its tasks.",
    replaceWarning: (backup: Backup) =>
      `Every task in ${group.name}, whoever added it, is deleted first; then the file's ${plural(backup.tasks.length, "task")} and missing categories are restored.`,
    download: () => getGroupBackup(group.id),
    restore: (backup, mode) => restoreGroupBackup(group.id, backup, mode),
  };
}

/** Part of the Tasks section of /settings: completed tasks, and the categories offered first. */
export function TaskListSettings() {
  const { settings, ready, failed, loading, save } = useSettingsState();
  const { current: group } = useCurrentGroup();
  const categories = useGroupCategories(group?.id);
  const online = useOnline();

  const chosen = new Set(settings.defaultCategories);
  const here = categories.data ?? [];
  const elsewhere = settings.defaultCategories.filter((id) => !here.some((category) => category.id === id));

  function toggleDefault(id: string, on: boolean) {
    // This group's choices in its order, then those of other groups as they were.
    const next = here
      .filter((category) => (category.id === id ? on : chosen.has(category.id)))
      .map((category) => category.id);
    void save({ defaultCategories: [...next, ...elsewhere] });
  }

  return (
    <>
      <Section level={3} title="Task list" description="Saved in your account, for every device.">
        {loading ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading your settings…
          </p>
        ) : !ready && !failed ? null : (
          <Switch
            label="Show completed tasks"
            description="Off: completed tasks are hidden from the list until you show them again."
            checked={settings.showCompletedTasks}
            onChange={(value) => void save({ showCompletedTasks: value })}
          />
        )}
      </Section>

      <Section
        level={3}
        title="Categories offered first"
        description={
          <>
            When you add a task, these come first in the category choice, before the ones you used recently.{" "}
            <a href="#categories" className={linkClass}>
              Manage categories
            </a>
          </>
        }
      >
        {loading || (categories.isPending && online) ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading categories…
          </p>
        ) : !ready && !failed ? null : !categories.data ? (
          <DataUnavailable
            what={`the categories of ${group?.name ?? "your group"}`}
            failure={`The categories of ${group?.name ?? "your group"} could not be loaded.`}
            failed={categories.isError}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <fieldset>
            <legend className="text-sm text-ink-muted">
              Categories of <span className="font-medium text-ink">{group?.name}</span>
            </legend>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {here.map((category) => (
                <li key={category.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 hover:bg-surface-muted has-[:checked]:border-brand has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus">
                    <input
                      type="checkbox"
                      checked={chosen.has(category.id)}
                      onChange={(event) => toggleDefault(category.id, event.target.checked)}
                      className="size-4 accent-brand"
                    />
                    <CategoryBadge category={category} size="md" />
                    <span className="min-w-0 flex-1 truncate">{category.label}</span>
                  </label>
                </li>
              ))}
            </ul>
            {elsewhere.length > 0 && (
              <p className="mt-3 text-sm text-ink-muted">
                Also offered first where they exist: {elsewhere.join(", ")}.{" "}
                <button
                  type="button"
                  className="text-brand underline underline-offset-2"
                  onClick={() =>
                    void save({ defaultCategories: settings.defaultCategories.filter((id) => !elsewhere.includes(id)) })
                  }
                >
                  Forget them
                </button>
              </p>
            )}
            {chosen.size === 0 && (
              <p className="mt-3 text-sm text-ink-muted">
                None chosen: recent categories come first.{" "}
                <button
                  type="button"
                  className="text-brand underline underline-offset-2"
                  onClick={() => void save({ defaultCategories: [...DEFAULT_CATEGORY_IDS] })}
                >
                  Back to the defaults
                </button>
              </p>
            )}
          </fieldset>
        )}
      </Section>
    </>
  );
}

/** The Backup section of /settings: the user's own tasks, and the current group's. */
export function BackupSettings() {
  const me = useMe();
  const { current: group } = useCurrentGroup();
  return (
    <>
      <BackupSection target={userBackupTarget()} />
      {group ? (
        <BackupSection key={group.id} target={groupBackupTarget(group, group.owner_id === me?.id)} />
      ) : (
        <p role="status" className="text-sm text-ink-muted">
          Loading your group…
        </p>
      )}
    </>
  );
}
