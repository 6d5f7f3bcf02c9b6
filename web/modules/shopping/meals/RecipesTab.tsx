import { useQuery } from "@tanstack/react-query";
import { FileDown, Plus, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { Recipe } from "../../../../domain/meals/meals";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { buttonClass, inputClass } from "../../../components/form";
import { listRecipes } from "./api";
import { mealKeys } from "./keys";
import { RecipeForm } from "./RecipeForm";
import { RecipeView } from "./RecipeView";

type Open =
  { kind: "list" } | { kind: "view"; id: string } | { kind: "edit"; recipe: Recipe | null; importing: boolean };

/** The group's recipes: searched by name, ingredient or tag; one at a time to read, add or edit. */
export function RecipesTab({ groupId }: { groupId: string }) {
  const recipes = useQuery({ queryKey: mealKeys.recipes(groupId), queryFn: () => listRecipes(groupId) });
  const [open, setOpen] = useState<Open>({ kind: "list" });
  const [text, setText] = useState("");
  const [tag, setTag] = useState<string | null>(null);
  const searchId = useId();
  const all = useMemo(() => recipes.data ?? [], [recipes.data]);
  const tags = useMemo(() => [...new Set(all.flatMap((recipe) => recipe.tags))].sort(), [all]);
  const needle = text.trim().toLowerCase();
  const shown = all.filter(
    (recipe) =>
      (!tag || recipe.tags.includes(tag)) &&
      (!needle ||
        recipe.name.toLowerCase().includes(needle) ||
        recipe.tags.some((name) => name.toLowerCase().includes(needle)) ||
        recipe.ingredients.some((ingredient) => ingredient.name.toLowerCase().includes(needle))),
  );

  if (open.kind === "edit") {
    return (
      <RecipeForm
        groupId={groupId}
        recipe={open.recipe}
        startWithImport={open.importing}
        onClose={(saved) => setOpen(saved ? { kind: "view", id: saved.id } : { kind: "list" })}
      />
    );
  }
  const viewed = open.kind === "view" ? all.find((recipe) => recipe.id === open.id) : undefined;
  if (viewed) {
    return (
      <RecipeView
        groupId={groupId}
        recipe={viewed}
        onBack={() => setOpen({ kind: "list" })}
        onEdit={() => setOpen({ kind: "edit", recipe: viewed, importing: false })}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => setOpen({ kind: "edit", recipe: null, importing: false })}
        >
          <Plus aria-hidden="true" className="size-4" />
          New recipe
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setOpen({ kind: "edit", recipe: null, importing: true })}
        >
          <FileDown aria-hidden="true" className="size-4" />
          Import from a page
        </button>
      </div>

      <DataUnavailable
        what="your group's recipes"
        failure="The recipes could not be loaded."
        failed={recipes.isError && !recipes.data}
        onRetry={() => void recipes.refetch()}
      />

      {recipes.data && all.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
          Your group has no recipes yet. Add one by hand, or import one: open a recipe page, copy its source (or its
          recipe data) and paste it into &ldquo;Import from a page&rdquo;. Every member of the group can use and change
          them.
        </p>
      ) : (
        all.length > 0 && (
          <>
            <div className="relative">
              <label htmlFor={searchId} className="sr-only">
                Search recipes
              </label>
              <Search
                aria-hidden="true"
                className="absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-ink-muted"
              />
              <input
                id={searchId}
                type="search"
                className={`${inputClass} pl-9`}
                placeholder="Search by name, ingredient or tag"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            </div>
            {tags.length > 0 && (
              <div role="group" aria-label="Tags" className="flex flex-wrap gap-2">
                {tags.map((name) => (
                  <button
                    key={name}
                    type="button"
                    aria-pressed={tag === name}
                    onClick={() => setTag(tag === name ? null : name)}
                    className="rounded-full border border-line px-3 py-1 text-sm text-ink-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-brand-ink"
                  >
                    {name}
                  </button>
                ))}
              </div>
            )}
            {shown.length === 0 ? (
              <p className="text-sm text-ink-muted">No recipe matches. Try another word or tag.</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {shown.map((recipe) => (
                  <li key={recipe.id}>
                    <button
                      type="button"
                      onClick={() => setOpen({ kind: "view", id: recipe.id })}
                      className="block w-full min-w-0 rounded-lg border border-line bg-surface p-3 text-left hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
                    >
                      <span className="block font-medium break-words">{recipe.name}</span>
                      <span className="block text-sm text-ink-muted">
                        {recipe.ingredients.length} {recipe.ingredients.length === 1 ? "ingredient" : "ingredients"}
                        {recipe.totalMinutes ? ` · ${recipe.totalMinutes} min` : ""}
                        {recipe.tags.length ? ` · ${recipe.tags.join(", ")}` : ""}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      )}
    </div>
  );
}
