import { ArrowLeft, Minus, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Recipe } from "../../../../domain/meals/meals";
import { formatItem } from "../../../../domain/meals/shopping-rules";
import { scaleQuantity, type Unit } from "../../../../domain/shopping/quantity";
import { buttonClass } from "../../../components/form";
import { deleteRecipe } from "./api";
import { useMealWrite } from "./use-meal-write";

/** One recipe to cook from: its ingredients for as many servings as the stepper says, and its steps. */
export function RecipeView({
  groupId,
  recipe,
  onBack,
  onEdit,
}: {
  groupId: string;
  recipe: Recipe;
  onBack: () => void;
  onEdit: () => void;
}) {
  const base = recipe.servings ?? 0;
  const [servings, setServings] = useState(base || 1);
  const [confirming, setConfirming] = useState(false);
  const write = useMealWrite();
  const scaled = base > 0 && servings !== base;

  async function remove() {
    await write.run(() => deleteRecipe(groupId, recipe.id));
    onBack();
  }

  return (
    <article className="min-w-0 space-y-5" aria-labelledby="recipe-name">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All recipes
        </button>
        <div className="flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          {confirming ? (
            <>
              <button type="button" className={buttonClass.danger} disabled={write.busy} onClick={() => void remove()}>
                Delete for everyone
              </button>
              <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className={buttonClass.dangerOutline} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          )}
        </div>
      </div>
      {write.error && <p className="text-sm text-danger">{write.error}</p>}

      <header>
        <h2 id="recipe-name" className="text-xl font-bold break-words">
          {recipe.name}
        </h2>
        {recipe.description && <p className="mt-1 whitespace-pre-line text-ink-muted">{recipe.description}</p>}
        <p className="mt-1 text-sm text-ink-muted">
          {[
            recipe.totalMinutes !== null && `${recipe.totalMinutes} min in all`,
            recipe.prepMinutes !== null && `${recipe.prepMinutes} min to prepare`,
            recipe.cookMinutes !== null && `${recipe.cookMinutes} min to cook`,
            recipe.tags.length > 0 && recipe.tags.join(", "),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {recipe.sourceUrl && (
          <p className="mt-1 text-sm break-all text-ink-muted">
            From{" "}
            <a
              className="text-brand underline"
              href={recipe.sourceUrl}
              rel="noopener noreferrer nofollow"
              target="_blank"
            >
              {recipe.sourceUrl}
            </a>
          </p>
        )}
      </header>

      {recipe.imageUrl.startsWith("https://") && (
        // A link, not an <img>: the app's Content Security Policy loads images from this server
        // only, so an outside picture is never fetched by the page (docs/shopping.md).
        <p className="text-sm break-all">
          <a className="text-brand underline" href={recipe.imageUrl} rel="noopener noreferrer nofollow" target="_blank">
            See its picture
          </a>
        </p>
      )}

      <section aria-labelledby="recipe-ingredients" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="recipe-ingredients" className="text-lg font-semibold">
            Ingredients
          </h3>
          {base > 0 && (
            <div className="flex items-center gap-1" role="group" aria-label="Servings">
              <button
                type="button"
                className={`${buttonClass.secondary} px-2.5`}
                aria-label="Fewer servings"
                disabled={servings <= 1}
                onClick={() => setServings(servings - 1)}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <output aria-live="polite" className="min-w-24 text-center text-sm">
                {servings} {servings === 1 ? "serving" : "servings"}
              </output>
              <button
                type="button"
                className={`${buttonClass.secondary} px-2.5`}
                aria-label="More servings"
                disabled={servings >= 100}
                onClick={() => setServings(servings + 1)}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
        </div>
        {recipe.ingredients.length === 0 ? (
          <p className="text-sm text-ink-muted">No ingredients listed. Edit the recipe to add them, one per line.</p>
        ) : (
          <ul className="list-inside list-disc space-y-1">
            {recipe.ingredients.map((ingredient, index) => (
              <li key={index} className="break-words">
                {scaled && ingredient.quantity !== null
                  ? formatItem(
                      scaleQuantity(
                        { name: ingredient.name, quantity: ingredient.quantity, unit: ingredient.unit as Unit | null },
                        base,
                        servings,
                      ),
                    )
                  : ingredient.text}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recipe-steps" className="space-y-2">
        <h3 id="recipe-steps" className="text-lg font-semibold">
          Steps
        </h3>
        {recipe.sections.length === 0 && <p className="text-sm text-ink-muted">No steps written down.</p>}
        {recipe.sections.map((section, index) => (
          <div key={index}>
            {section.name && <h4 className="mt-2 font-semibold">{section.name}</h4>}
            <ol className="list-inside list-decimal space-y-1">
              {section.steps.map((step, stepIndex) => (
                <li key={stepIndex} className="whitespace-pre-line break-words">
                  {step}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </article>
  );
}
