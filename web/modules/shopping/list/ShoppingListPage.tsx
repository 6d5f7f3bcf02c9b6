import { useQueryClient } from "@tanstack/react-query";
import { ShoppingCart } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type AisleId, aisleLabel } from "../../../../domain/shopping/aisles";
import type { Group } from "../../../../domain/groups";
import { SHOPPING_CATEGORY, type OrganizedItem } from "../../../../domain/shopping/list";
import { movedPlace, type StoreOrder } from "../../../../domain/shopping/organize";
import type { StoreOrderModel } from "../../../../domain/shopping/store-order";
import { errorMessage } from "../../../api/http";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { inputClass } from "../../../components/form";
import { ReorderHandle } from "../../../components/ReorderHandle";
import { useDragReorder } from "../../../hooks/use-drag-reorder";
import { useCurrentGroup } from "../../../hooks/use-groups";
import { useMe } from "../../../hooks/use-me";
import { useOnline } from "../../../offline/use-offline";
import { PageHeader } from "../../../scenes/groups/PageHeader";
import { addTask } from "../../../scenes/tasks/task-actions";
import { notify } from "../../../stores/notifier";
import { correctAisle, pinItem } from "./api";
import { ShoppingItem } from "./ShoppingItem";
import { StorePicker } from "./StorePicker";
import { Suggestions } from "./Suggestions";
import { useChosenStore, useOrganizedList, useRefetchShopping, useShoppingState } from "./use-shopping";

/**
 * /shopping-list (docs/shopping.md): the current group's Shopping List, each item with its aisle
 * and amount, sorted by aisle or by the chosen store's learned walking order, with suggestions.
 * The items are the group's tasks in its shared Shopping List category, so they are live for
 * every member and work offline like every task.
 */
export default function ShoppingListPage() {
  const me = useMe();
  const { current, groups, choose, isPending, isError, retry } = useCurrentGroup();
  if (isPending || (isError && !current) || !current || !me) {
    return (
      <DataUnavailable
        what="your shopping list"
        failure="Your groups could not be loaded."
        failed={isError}
        onRetry={retry}
      />
    );
  }
  return <ShoppingList key={current.id} current={current} groups={groups} chooseGroup={choose} meId={me.id} />;
}

function ShoppingList({
  current,
  groups,
  chooseGroup,
  meId,
}: {
  current: Group;
  groups: readonly Group[];
  chooseGroup: (groupId: string) => void;
  meId: string;
}) {
  const client = useQueryClient();
  const online = useOnline();
  const state = useShoppingState(current.id);
  const { storeId, choose } = useChosenStore(current.id, state.data);
  const { tasks, organized, byId } = useOrganizedList(current.id, state.data, storeId);
  const refetch = useRefetchShopping(current.id);
  const [text, setText] = useState("");
  const inputId = useId();
  const groupSelectId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const stored = storeId ? state.data?.orders[storeId] : undefined;
  const order: StoreOrder | null = stored ? { model: stored.model as StoreOrderModel, pins: stored.pins } : null;
  const move = async (from: number, to: number) => {
    if (!order || !storeId) return;
    const place = movedPlace(organized, from, to, order);
    if (place === null) return;
    try {
      await pinItem(current.id, storeId, organized[from]!.name, place);
      await refetch();
    } catch (error) {
      notify.error("Could not move the item", { description: errorMessage(error) });
    }
  };
  const drag = useDragReorder(listRef, (from, to) => void move(from, to));

  const addItem = (title: string) => addTask(client, { groupId: current.id, title, category: SHOPPING_CATEGORY }, meId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = text.trim();
    if (!title) return;
    setText("");
    void addItem(title);
  };
  const setAisle = async (item: OrganizedItem, aisle: AisleId) => {
    try {
      await correctAisle(current.id, item.name, aisle);
      await refetch();
      notify.success(`${item.name}: ${aisleLabel(aisle)} for everyone in ${current.name}`);
    } catch (error) {
      notify.error("Could not change the aisle", { description: errorMessage(error) });
    }
  };
  const movable = storeId !== null && online && organized.length > 1;
  const sections = storeId ? [{ aisle: null, items: organized }] : byAisle(organized);
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <PageHeader title="Shopping list">
        The Shopping List of {current.name}: sorted by aisle, or the way your family walks the store you are in.
      </PageHeader>
      {groups.length > 1 && (
        <div>
          <label htmlFor={groupSelectId} className="text-sm font-medium">
            Group
          </label>
          <select
            id={groupSelectId}
            className={inputClass}
            value={current.id}
            onChange={(event) => chooseGroup(event.target.value)}
          >
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {state.data && (
        <StorePicker
          groupId={current.id}
          stores={state.data.stores}
          storeId={storeId}
          online={online}
          onChoose={choose}
          onChanged={refetch}
        />
      )}
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add an item
        </label>
        <input
          id={inputId}
          className={`${inputClass} mt-0`}
          placeholder="Add an item, e.g. 2 lbs chicken breast"
          value={text}
          maxLength={500}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="shrink-0 rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-brand-ink">
          Add
        </button>
      </form>
      {tasks.isPending && !tasks.data ? (
        <p role="status">Loading the list…</p>
      ) : organized.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted">
          <ShoppingCart aria-hidden="true" className="mx-auto mb-2 size-6" />
          Nothing to buy. Add items above, or from the{" "}
          <Link to="/meal-planner" className="font-medium text-brand underline underline-offset-2">
            meal planner
          </Link>
          .
        </div>
      ) : (
        sections.map((section) => (
          <section
            key={section.aisle ?? "store"}
            aria-label={section.aisle ? aisleLabel(section.aisle) : "In store order"}
          >
            {section.aisle && (
              <h2 className="border-b border-line pb-1 text-sm font-semibold tracking-wide text-ink-muted uppercase">
                {aisleLabel(section.aisle)}
              </h2>
            )}
            {movable && (
              <p id={hintId} className="mb-1 text-xs text-ink-muted">
                Drag an item, or focus its handle and use the arrow keys, to put it where it is in this store.
              </p>
            )}
            <ul ref={storeId ? listRef : undefined} className="divide-y divide-line">
              {section.items.map((item) => {
                const task = byId.get(item.taskId);
                const index = organized.indexOf(item);
                return (
                  task && (
                    <ShoppingItem
                      key={item.taskId}
                      item={item}
                      task={task}
                      storeId={storeId}
                      showAisle={storeId !== null}
                      onAisle={(aisle) => void setAisle(item, aisle)}
                      {...(movable
                        ? {
                            reorder: {
                              dragging: drag.dragging === index,
                              style: drag.itemStyle(index),
                              handle: (
                                <ReorderHandle
                                  label={item.name}
                                  position={index}
                                  count={organized.length}
                                  describedBy={hintId}
                                  onMove={(to) => void move(index, to)}
                                  register={() => {}}
                                  dragProps={drag.handleProps(index)}
                                />
                              ),
                            },
                          }
                        : {})}
                    />
                  )
                );
              })}
            </ul>
          </section>
        ))
      )}
      <Suggestions groupId={current.id} online={online} onAdd={addItem} />
    </div>
  );
}

function byAisle(items: readonly OrganizedItem[]): { aisle: AisleId; items: OrganizedItem[] }[] {
  const sections: { aisle: AisleId; items: OrganizedItem[] }[] = [];
  for (const item of items) {
    const last = sections[sections.length - 1];
    if (last?.aisle === item.aisle) last.items.push(item);
    else sections.push({ aisle: item.aisle, items: [item] });
  }
  return sections;
}
