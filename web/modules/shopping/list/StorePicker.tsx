import { useMutation } from "@tanstack/react-query";
import { Store as StoreIcon, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { Store } from "../../../../domain/shopping/list";
import { errorMessage } from "../../../api/http";
import { inputClass, labelClass } from "../../../components/form";
import { notify } from "../../../stores/notifier";
import { addStore, removeStore } from "./api";

const ADD = "__add";

/**
 * Where the list is walked: anywhere (sorted by aisle) or one of the group's stores, whose order
 * is learned from the family's trips there. Adding and removing stores is here too.
 */
export function StorePicker({
  groupId,
  stores,
  storeId,
  online,
  onChoose,
  onChanged,
}: {
  groupId: string;
  stores: readonly Store[];
  storeId: string | null;
  online: boolean;
  onChoose: (storeId: string | null) => void;
  onChanged: () => Promise<unknown>;
}) {
  const selectId = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const add = useMutation({
    mutationFn: () => addStore(groupId, name.trim()),
    onSuccess: async (store) => {
      setAdding(false);
      setName("");
      await onChanged();
      onChoose(store.id);
      notify.success(`${store.name} added: its order is learned from your trips there`);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeStore(groupId, id),
    onSuccess: async () => {
      onChoose(null);
      await onChanged();
    },
    onError: (error) => notify.error("Could not remove the store", { description: errorMessage(error) }),
  });
  const chosen = stores.find((store) => store.id === storeId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };
  return (
    <div className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className={labelClass}>
            Where are you shopping?
          </label>
          <select
            id={selectId}
            className={inputClass}
            value={storeId ?? ""}
            onChange={(event) => {
              if (event.target.value === ADD) setAdding(true);
              else onChoose(event.target.value || null);
            }}
          >
            <option value="">Anywhere: by aisle</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
            {online && <option value={ADD}>Add a store…</option>}
          </select>
        </div>
        {chosen && (
          <button
            type="button"
            className="mb-0.5 rounded-lg border border-line p-2.5 text-ink-muted hover:bg-surface-muted hover:text-danger disabled:opacity-50"
            aria-label={`Remove ${chosen.name}`}
            disabled={!online || remove.isPending}
            onClick={() => remove.mutate(chosen.id)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {chosen && (
        <p className="flex items-center gap-1.5 text-xs text-ink-muted">
          <StoreIcon aria-hidden="true" className="size-3.5" />
          {chosen.trips === 0
            ? "Check items off as you walk the store: the list learns its order after your first trip."
            : `In the order your family walks it, learned from ${chosen.trips === 1 ? "1 trip" : `${chosen.trips} trips`}.`}
        </p>
      )}
      {adding && (
        <form onSubmit={submit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${selectId}-name`} className={labelClass}>
              Store name
            </label>
            <input
              id={`${selectId}-name`}
              className={inputClass}
              value={name}
              maxLength={60}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") setAdding(false);
              }}
            />
          </div>
          <button
            type="submit"
            className="mb-0.5 rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-brand-ink"
            disabled={add.isPending}
          >
            Add
          </button>
        </form>
      )}
      {add.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(add.error)}
        </p>
      )}
    </div>
  );
}
