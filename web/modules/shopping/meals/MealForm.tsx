import { type FormEvent, useId, useState } from "react";
import type { Group } from "../../../../domain/groups";
import type { Recipe } from "../../../../domain/meals/meals";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { addMeal } from "./api";
import type { useMealWrite } from "./use-meal-write";

const SLOTS = ["breakfast", "lunch", "dinner"] as const;
const OWN = "own";

/** Adds a meal to a day: a recipe of the group or free text, how many it feeds, and who cooks. */
export function MealForm({
  date,
  dayName,
  group,
  recipes,
  write,
  onDone,
}: {
  date: string;
  dayName: string;
  group: Group;
  recipes: Recipe[];
  write: ReturnType<typeof useMealWrite>;
  onDone: () => void;
}) {
  const id = useId();
  const [slot, setSlot] = useState<string>("dinner");
  const [label, setLabel] = useState("");
  const [recipeId, setRecipeId] = useState("");
  const [title, setTitle] = useState("");
  const [servings, setServings] = useState(2);
  const [cookId, setCookId] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const meal = await write.run(() =>
      addMeal(group.id, {
        date,
        slot: slot === OWN ? label : slot,
        recipeId: recipeId || null,
        title: recipeId ? "" : title,
        servings,
        cookId: cookId || null,
      }),
    );
    if (meal) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`Add a meal to ${dayName}`} className="mt-2 space-y-2">
      <div>
        <label htmlFor={`${id}-slot`} className={labelClass}>
          Meal
        </label>
        <select id={`${id}-slot`} className={inputClass} value={slot} onChange={(event) => setSlot(event.target.value)}>
          {SLOTS.map((name) => (
            <option key={name} value={name}>
              {name.charAt(0).toUpperCase() + name.slice(1)}
            </option>
          ))}
          <option value={OWN}>Other…</option>
        </select>
      </div>
      {slot === OWN && (
        <div>
          <label htmlFor={`${id}-label`} className={labelClass}>
            Its name
          </label>
          <input
            id={`${id}-label`}
            className={inputClass}
            required
            maxLength={40}
            placeholder="Picnic"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
      )}
      <div>
        <label htmlFor={`${id}-recipe`} className={labelClass}>
          Recipe
        </label>
        <select
          id={`${id}-recipe`}
          className={inputClass}
          value={recipeId}
          onChange={(event) => {
            setRecipeId(event.target.value);
            // A recipe's own servings are the likely amount to cook.
            const picked = recipes.find((recipe) => recipe.id === event.target.value);
            if (picked?.servings) setServings(picked.servings);
          }}
        >
          <option value="">None: type what you eat</option>
          {recipes.map((recipe) => (
            <option key={recipe.id} value={recipe.id}>
              {recipe.name}
            </option>
          ))}
        </select>
      </div>
      {!recipeId && (
        <div>
          <label htmlFor={`${id}-title`} className={labelClass}>
            What you eat
          </label>
          <input
            id={`${id}-title`}
            className={inputClass}
            required
            maxLength={200}
            placeholder="Leftovers"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-servings`} className={labelClass}>
            Servings
          </label>
          <input
            id={`${id}-servings`}
            type="number"
            min={1}
            max={100}
            required
            className={inputClass}
            value={servings}
            onChange={(event) => setServings(Number(event.target.value))}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cook`} className={labelClass}>
            Who cooks
          </label>
          <select
            id={`${id}-cook`}
            className={inputClass}
            value={cookId}
            onChange={(event) => setCookId(event.target.value)}
          >
            <option value="">Nobody yet</option>
            {group.members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.displayName}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={write.busy}>
          Add
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
