import { useQueryClient } from "@tanstack/react-query";
import { Lock, Pencil, Plus, Sparkles, Trash2, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Category } from "../../../domain/categories";
import {
  CATEGORY_NAME_MAX_LENGTH,
  DEFAULT_CATEGORY_LABELS,
  DEFAULT_CATEGORY_IDS,
  isProblematicCategoryId,
} from "../../../domain/category-rules";
import { Alert } from "../../components/Alert";
import { ReorderHandle } from "../../components/ReorderHandle";
import { DataUnavailable } from "../../components/DataUnavailable";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useGroupCategories } from "../../hooks/use-group-categories";
import { useOnline } from "../../offline/use-offline";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useDraft } from "../../hooks/use-draft";
import { useMe } from "../../hooks/use-me";
import { useGroupTasks } from "../../hooks/use-tasks";
import { CategoryBadge } from "../../scenes/tasks/CategoryChip";
import { useDragReorder } from "../../hooks/use-drag-reorder";
import {
  addGroupCategory,
  changeGroupCategory,
  cleanUpGroupCategories,
  deleteGroupCategory,
  reorderGroupCategories,
} from "./category-actions";
import { ColorChoice, COLOR_NAMES, IconChoice } from "./category-parts";

/** The automatic clean-up of unknown categories runs this long after the page loads. */
const AUTO_CLEANUP_DELAY_MS = 5_000;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const isDefault = (id: string) => (DEFAULT_CATEGORY_IDS as readonly string[]).includes(id);
const DEFAULT_NAMES = DEFAULT_CATEGORY_LABELS.join(", ");

/** The Categories section of /settings: the current group's categories, managed in place. */
export default function CategorySettings() {
  const client = useQueryClient();
  const { current: group, isPending: groupPending } = useCurrentGroup();
  const groupId = group?.id;
  const categories = useGroupCategories(groupId);
  const online = useOnline();
  const tasks = useGroupTasks(groupId);
  const list = useMemo(() => categories.data ?? [], [categories.data]);

  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [cleaning, setCleaning] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  /** After a keyboard move, the moved row's handle keeps the focus. */
  const focusAfterMove = useRef<string | null>(null);
  const hintId = useId();

  // Categories with problematic ids, and the group's tasks whose category is one of
  // them or does not exist. Tasks shared in from other groups keep their own group's categories.
  const problems = useMemo(() => {
    if (!categories.data || !tasks.data || !groupId) return null;
    const valid = new Set(categories.data.filter((item) => !isProblematicCategoryId(item.id)).map((item) => item.id));
    return {
      categories: categories.data.filter((item) => isProblematicCategoryId(item.id)),
      tasks: tasks.data.tasks.filter((task) => task.groupId === groupId && !task.unsaved && !valid.has(task.category))
        .length,
    };
  }, [categories.data, tasks.data, groupId]);
  const problemCount = problems ? problems.categories.length + problems.tasks : 0;

  // Once per page load, 5 s after it, when there is something to clean up.
  const [loadedAt] = useState(() => Date.now());
  const autoRan = useRef(new Set<string>());
  useEffect(() => {
    if (!groupId || problemCount === 0 || autoRan.current.has(groupId)) return;
    const timer = setTimeout(
      () => {
        autoRan.current.add(groupId);
        setCleaning(true);
        void cleanUpGroupCategories(client, groupId, { quiet: true }).finally(() => setCleaning(false));
      },
      Math.max(0, loadedAt + AUTO_CLEANUP_DELAY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [client, groupId, problemCount, loadedAt]);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    handles.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [list]);

  function move(from: number, to: number) {
    const moved = list[from];
    if (!moved || !groupId || to < 0 || to >= list.length || from === to) return;
    const ids = list.map((item) => item.id).toSpliced(from, 1);
    ids.splice(to, 0, moved.id);
    setAnnouncement(`${moved.label} moved to position ${to + 1} of ${list.length}.`);
    reorderGroupCategories(client, groupId, ids);
    focusAfterMove.current = moved.id;
  }
  const drag = useDragReorder(listRef, move);

  async function cleanUp() {
    if (!groupId) return;
    autoRan.current.add(groupId);
    setCleaning(true);
    await cleanUpGroupCategories(client, groupId);
    setCleaning(false);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    const done = await deleteGroupCategory(client, deleting);
    setDeleteBusy(false);
    if (done) {
      setAnnouncement(`${deleting.label} deleted.`);
      setDeleting(null);
      setEditing(null);
    }
  }

  return (
    <>
      {groupPending && <p role="status">Loading your group…</p>}

      {group && (
        <p className="flex items-start gap-2 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
          <GroupIcon type={group.type} className="mt-0.5 size-4 shrink-0 text-brand" />
          <span>
            Categories of <span className="font-semibold">{group.name}</span>.{" "}
            <span className="text-ink-muted">Switch to another group to manage its categories.</span>
          </span>
        </p>
      )}

      {problems && problemCount > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-start gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm"
        >
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          <p className="min-w-0 flex-1">
            {[
              problems.tasks > 0 &&
                `${plural(problems.tasks, "task uses", "tasks use")} a category that does not exist`,
              problems.categories.length > 0 &&
                `${plural(problems.categories.length, "category has", "categories have")} an invalid name (${problems.categories.map((item) => item.id || "blank").join(", ")})`,
            ]
              .filter(Boolean)
              .join("; ")}
            . {cleaning ? "Cleaning up…" : "They are cleaned up automatically in a few seconds."}
          </p>
        </div>
      )}

      {groupId && (
        <Section
          level={3}
          title="Add a category"
          description="It gets the colour your categories use least; change it below whenever you like."
        >
          <AddCategoryForm groupId={groupId} />
        </Section>
      )}

      <Section
        level={3}
        title="Your categories"
        description={`Drag a row by its handle, or focus the handle and use the arrow keys, to change the order. The defaults (${DEFAULT_NAMES}) can be renamed and recoloured but not deleted.`}
      >
        <p id={hintId} className="sr-only">
          Use the up and down arrow keys to move the category.
        </p>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {categories.isPending && groupId && online && <p role="status">Loading categories…</p>}
        {!categories.data && (groupId || !online) && (
          <DataUnavailable
            what="your group's categories"
            failure="Failed to load categories."
            failed={categories.isError}
            onRetry={() => void categories.refetch()}
          />
        )}
        {list.length > 0 && (
          <ul ref={listRef} aria-label="Categories" className="space-y-2">
            {list.map((category, index) => (
              <li
                key={category.id}
                data-reorder-item
                style={drag.itemStyle(index)}
                className={`rounded-xl border bg-surface shadow-sm ${drag.dragging === index ? "border-brand shadow-lg" : "border-line"}`}
              >
                <div className="flex items-center gap-2 py-2 pr-2 pl-1.5">
                  <ReorderHandle
                    label={category.label}
                    position={index}
                    count={list.length}
                    describedBy={hintId}
                    onMove={(to) => move(index, to)}
                    register={(element) => {
                      if (element) handles.current.set(category.id, element);
                      else handles.current.delete(category.id);
                    }}
                    dragProps={drag.handleProps(index)}
                  />
                  <CategoryBadge category={category} size="md" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{category.label}</p>
                    <p className="text-xs text-ink-muted">
                      {[
                        COLOR_NAMES[category.color],
                        category.shared && "Shared list",
                        isDefault(category.id) && "Default",
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  <button
                    type="button"
                    aria-expanded={editing === category.id}
                    aria-controls={`edit-${category.id}`}
                    aria-label={`Edit ${category.label}`}
                    title="Edit"
                    onClick={() => setEditing(editing === category.id ? null : category.id)}
                    className="grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink aria-expanded:bg-brand-soft aria-expanded:text-ink"
                  >
                    {editing === category.id ? (
                      <X aria-hidden="true" className="size-4" />
                    ) : (
                      <Pencil aria-hidden="true" className="size-4" />
                    )}
                  </button>
                  {isDefault(category.id) ? (
                    <span
                      className="grid size-9 shrink-0 place-items-center text-ink-muted"
                      title="Default categories cannot be deleted"
                    >
                      <Lock aria-hidden="true" className="size-4" />
                      <span className="sr-only">{category.label} is a default category and cannot be deleted</span>
                    </span>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Delete ${category.label}`}
                      title="Delete"
                      onClick={() => setDeleting(category)}
                      className="grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-danger/10 hover:text-danger"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </div>
                {editing === category.id && (
                  <div id={`edit-${category.id}`} className="border-t border-line px-4 py-4">
                    <CategoryEditor category={category} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {groupId && (
        <Section
          level={3}
          title="Clean up"
          description="Moves tasks whose category is missing or invalid (numbers only, “unknown”, blank) to Other Tasks, and removes invalid categories. It also runs by itself when the settings find something to clean up."
        >
          <button type="button" className={buttonClass.secondary} disabled={cleaning} onClick={() => void cleanUp()}>
            <Sparkles aria-hidden="true" className="size-4" />
            {cleaning ? "Cleaning up…" : "Clean up"}
          </button>
        </Section>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.label ?? "category"}?`}
        confirmLabel="Delete category"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Its tasks are not deleted: they move to Other Tasks, for everyone in the group.</p>
      </ConfirmDialog>
    </>
  );
}

function AddCategoryForm({ groupId }: { groupId: string }) {
  const client = useQueryClient();
  const me = useMe();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An empty name is rejected silently.
    if (!name.trim() || busy || !me) return;
    setBusy(true);
    setProblem(null);
    const result = await addGroupCategory(client, groupId, name, me.id);
    setBusy(false);
    if (typeof result === "string") setProblem(result);
    else if (result) setName("");
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add a category" className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={inputId} className={labelClass}>
            Name
          </label>
          <input
            id={inputId}
            value={name}
            maxLength={CATEGORY_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            placeholder="Garden, School, Taxes…"
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          <Plus aria-hidden="true" className="size-4" />
          Add category
        </button>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}

function CategoryEditor({ category }: { category: Category }) {
  const client = useQueryClient();
  const [name, setName] = useDraft(category.label);
  const [saving, setSaving] = useState(false);
  const nameId = useId();
  const unchanged = name.trim() === category.label || !name.trim();

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (unchanged) return;
    setSaving(true);
    await changeGroupCategory(
      client,
      category,
      { name: name.trim() },
      { success: "Category renamed", failure: "Failed to rename category" },
    );
    setSaving(false);
  }

  return (
    <div className="space-y-5">
      <form onSubmit={(event) => void rename(event)} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={nameId} className={labelClass}>
            Name of {category.label}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={CATEGORY_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.secondary} disabled={unchanged || saving}>
          Rename
        </button>
      </form>
      <ColorChoice
        category={category}
        onChange={(color) =>
          void changeGroupCategory(client, category, { color }, { failure: "Failed to update category" })
        }
      />
      <IconChoice
        category={category}
        onChange={(icon) =>
          void changeGroupCategory(client, category, { icon }, { failure: "Failed to update category" })
        }
      />
      <Switch
        label="Shared list"
        description="Shown to everyone in the group as a list to work on together, like the shopping list."
        checked={category.shared}
        onChange={(shared) =>
          void changeGroupCategory(
            client,
            category,
            { shared },
            {
              success: shared ? `${category.label} is now a shared list` : `${category.label} is no longer shared`,
              failure: "Failed to update category sharing",
            },
          )
        }
      />
      {isDefault(category.id) && (
        <p className="text-sm text-ink-muted">
          {category.label} is one of the default categories every group has: it can be renamed and recoloured, but not
          deleted.
        </p>
      )}
    </div>
  );
}
