import { useQueryClient } from "@tanstack/react-query";
import { Plus, Sparkles } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import type { Group } from "../../../../domain/groups";
import type { Meal, Recipe } from "../../../../domain/meals/meals";
import { buttonClass } from "../../../components/form";
import { useTimeLocale } from "../../../hooks/use-me";
import { changeMeal, removeMeal } from "./api";
import { dayLabel } from "./dates";
import { MealForm } from "./MealForm";
import { MEAL_TYPE, MealItem } from "./MealItem";
import type { useMealWrite } from "./use-meal-write";

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
  const cookName = (id: string | null) =>
    id === null ? undefined : group.members.find((member) => member.userId === id)?.displayName;

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
            <MealItem
              key={meal.id}
              meal={meal}
              days={days}
              dayName={dayLabel(date, locale)}
              cookName={cookName(meal.cookId)}
              busy={write.busy}
              onMove={(to) => move(meal, to)}
              onRemove={() => void write.run(() => removeMeal(group.id, meal.id))}
              onShop={() => onShopMeal(meal.id)}
            />
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
