import { ShoppingCart, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { Meal } from "../../../../domain/meals/meals";
import { addDays } from "../../../../domain/time-rules";
import { useTimeLocale } from "../../../hooks/use-me";
import { shortDayLabel } from "./dates";

/** What a dragged meal carries: its id, under a type of its own so other drops are ignored. */
export const MEAL_TYPE = "application/x-tandem-meal";

const iconButton =
  "rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus";
const smallControl =
  "rounded-md border border-line bg-canvas px-2 py-1 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus";

/**
 * One planned meal: dragged to another day, or moved with "Move to" and its button (the keyboard's
 * way: choosing a day moves nothing until the button is pressed), removed, or shopped for.
 */
export function MealItem({
  meal,
  days,
  dayName,
  cookName,
  busy,
  onMove,
  onRemove,
  onShop,
}: {
  meal: Meal;
  days: readonly string[];
  dayName: string;
  cookName: string | undefined;
  busy: boolean;
  onMove: (to: string) => void;
  onRemove: () => void;
  onShop: () => void;
}) {
  const locale = useTimeLocale();
  const id = useId();
  const [target, setTarget] = useState(meal.date);
  const nextWeek = addDays(meal.date, 7);

  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(MEAL_TYPE, meal.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      className="min-w-0 cursor-grab rounded-lg border border-line bg-canvas p-2 text-sm"
    >
      <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">{meal.slot}</p>
      <p className="font-medium break-words">{meal.title}</p>
      <p className="text-ink-muted">
        {meal.servings} {meal.servings === 1 ? "serving" : "servings"}
        {cookName ? ` · ${cookName} cooks` : ""}
        {meal.ingredientsAdded ? " · on the shopping list" : ""}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <label htmlFor={`${id}-to`} className="text-xs text-ink-muted">
          Move to
        </label>
        <select
          id={`${id}-to`}
          className={smallControl}
          value={target}
          disabled={busy}
          onChange={(event) => setTarget(event.target.value)}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {shortDayLabel(day, locale)}
            </option>
          ))}
          <option value={nextWeek}>Same day next week</option>
        </select>
        <button
          type="button"
          className={smallControl}
          disabled={busy || target === meal.date}
          aria-label={`Move ${meal.title} from ${dayName}`}
          onClick={() => onMove(target)}
        >
          Move
        </button>
        {meal.recipeId && !meal.ingredientsAdded && (
          <button
            type="button"
            className={iconButton}
            aria-label={`Add the ingredients of ${meal.title} to the shopping list`}
            title="Add its ingredients to the shopping list"
            disabled={busy}
            onClick={onShop}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="button"
          className={`${iconButton} hover:bg-danger/10 hover:text-danger`}
          aria-label={`Remove ${meal.title} from ${dayName}`}
          disabled={busy}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
