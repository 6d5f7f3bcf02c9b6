import { useQueryClient } from "@tanstack/react-query";
import { Plus, ShoppingCart, Sparkles, Trash2 } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import type { Group } from "../../../../domain/groups";
import type { Meal, Recipe } from "../../../../domain/meals/meals";
import { addDays } from "../../../../domain/time-rules";
import { buttonClass } from "../../../components/form";
import { useTimeLocale } from "../../../hooks/use-me";
import { changeMeal, removeMeal } from "./api";
import { dayLabel, shortDayLabel } from "./dates";
import { MealForm } from "./MealForm";
import type { useMealWrite } from "./use-meal-write";

const MEAL_TYPE = "application/x-tandem-meal";
const smallSelect =
  "rounded-md border border-line bg-canvas px-2 py-1 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus";

/** One day of the week: its meals, each movable (dragged, or "Move to") and removable, and a form to add one. */
export function DayCard({
  date,
  days,
  group,
  meals,
  recipes,
  write,
  isToday,
  onShopMeal,
  onSuggest,
}: {
  date: string;
  days: readonly string[];
  group: Group;
  meals: Meal[];
  recipes: Recipe[];
  write: ReturnType<typeof useMealWrite>;
  isToday: boolean;
  onShopMeal: (mealId: string) => void;
  onSuggest: () => void;
}) {
  const locale = useTimeLocale();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [over, setOver] = useState(false);
  const headingId = useId();
  const cookName = (id: string | null) => group.members.find((member) => member.userId === id)?.displayName;

  const move = (meal: Meal, to: string) =>
    to !== meal.date ? void write.run(() => changeMeal(group.id, meal.id, { date: to })) : undefined;

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const id = event.dataTransfer.getData(MEAL_TYPE);
    const meal = client
      .getQueriesData<{ meals: Meal[] }>({ queryKey: ["shopping", "meals", "week", group.id] })
      .flatMap(([, data]) => data?.meals ?? [])
      .find((candidate) => candidate.id === id);
    if (meal) move(meal, date);
  }

  return (
    <section
      aria-labelledby={headingId}
      data-date={date}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(MEAL_TYPE)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`min-w-0 rounded-xl border bg-surface p-3 shadow-sm ${over ? "border-brand" : isToday ? "border-brand/60" : "border-line"}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {dayLabel(date, locale)}
          {isToday && <span className="ml-2 text-xs font-medium text-brand">Today</span>}
        </h2>
        <button
          type="button"
          className="rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus"
          aria-label={`Suggestions for ${dayLabel(date, locale)}`}
          title="Suggestions for this day"
          onClick={onSuggest}
        >
          <Sparkles aria-hidden="true" className="size-4" />
        </button>
      </div>

      {meals.length > 0 && (
        <ul className="mt-2 space-y-2">
          {meals.map((meal) => (
            <li
              key={meal.id}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(MEAL_TYPE, meal.id);
                event.dataTransfer.effectAllowed = "move";
              }}
              className="min-w-0 rounded-lg border border-line bg-canvas p-2 text-sm"
            >
              <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">{meal.slot}</p>
              <p className="font-medium break-words">{meal.title}</p>
              <p className="text-ink-muted">
                {meal.servings} {meal.servings === 1 ? "serving" : "servings"}
                {meal.cookId && cookName(meal.cookId) ? ` · ${cookName(meal.cookId)} cooks` : ""}
                {meal.ingredientsAdded ? " · on the shopping list" : ""}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <label className="flex items-center gap-1 text-xs text-ink-muted">
                  Move to
                  <select
                    className={smallSelect}
                    value={meal.date}
                    disabled={write.busy}
                    onChange={(event) => move(meal, event.target.value)}
                  >
                    {days.map((day) => (
                      <option key={day} value={day}>
                        {shortDayLabel(day, locale)}
                      </option>
                    ))}
                    <option value={addDays(meal.date, 7)}>Same day next week</option>
                  </select>
                </label>
                {meal.recipeId && !meal.ingredientsAdded && (
                  <button
                    type="button"
                    className="rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus"
                    aria-label={`Add the ingredients of ${meal.title} to the shopping list`}
                    title="Add its ingredients to the shopping list"
                    disabled={write.busy}
                    onClick={() => onShopMeal(meal.id)}
                  >
                    <ShoppingCart aria-hidden="true" className="size-4" />
                  </button>
                )}
                <button
                  type="button"
                  className="rounded-md p-1.5 text-ink-muted hover:bg-danger/10 hover:text-danger focus-visible:outline-3 focus-visible:outline-focus"
                  aria-label={`Remove ${meal.title} from ${dayLabel(date, locale)}`}
                  disabled={write.busy}
                  onClick={() => void write.run(() => removeMeal(group.id, meal.id))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {adding ? (
        <MealForm
          date={date}
          dayName={dayLabel(date, locale)}
          group={group}
          recipes={recipes}
          write={write}
          onDone={() => setAdding(false)}
        />
      ) : (
        <button
          type="button"
          className={`${buttonClass.secondary} mt-2 w-full`}
          aria-label={`Add a meal to ${dayLabel(date, locale)}`}
          onClick={() => setAdding(true)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a meal
        </button>
      )}
    </section>
  );
}
