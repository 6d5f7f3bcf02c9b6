import { type FormEvent, useId, useState } from "react";
import type { ImportedRecipeForm, Recipe, RecipeInput } from "../../../../domain/meals/meals";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { createRecipe, updateRecipe } from "./api";
import { ImportBox } from "./ImportBox";
import { sectionsToText, textToSections } from "./recipe-text";
import { useMealWrite } from "./use-meal-write";

interface Fields {
  name: string;
  description: string;
  ingredients: string;
  steps: string;
  tags: string;
  servings: string;
  totalMinutes: string;
  prepMinutes: string;
  cookMinutes: string;
  sourceUrl: string;
  imageUrl: string;
}

const numberText = (value: number | null) => (value === null ? "" : String(value));

function fieldsOf(
  recipe: Omit<ImportedRecipeForm, "ingredients"> & { ingredients: string[]; sourceUrl?: string },
): Fields {
  return {
    name: recipe.name,
    description: recipe.description,
    ingredients: recipe.ingredients.join("\n"),
    steps: sectionsToText(recipe.sections),
    tags: recipe.tags.join(", "),
    servings: numberText(recipe.servings),
    totalMinutes: numberText(recipe.totalMinutes),
    prepMinutes: numberText(recipe.prepMinutes),
    cookMinutes: numberText(recipe.cookMinutes),
    sourceUrl: recipe.sourceUrl ?? "",
    imageUrl: recipe.imageUrl,
  };
}

const EMPTY: Fields = fieldsOf({
  name: "",
  description: "",
  ingredients: [],
  sections: [],
  tags: [],
  servings: 4,
  totalMinutes: null,
  prepMinutes: null,
  cookMinutes: null,
  imageUrl: "",
});

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

function inputOf(fields: Fields): RecipeInput {
  return {
    name: fields.name,
    description: fields.description,
    ingredients: fields.ingredients
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    sections: textToSections(fields.steps),
    tags: [
      ...new Set(
        fields.tags
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ],
    servings: numberOrNull(fields.servings),
    totalMinutes: numberOrNull(fields.totalMinutes),
    prepMinutes: numberOrNull(fields.prepMinutes),
    cookMinutes: numberOrNull(fields.cookMinutes),
    sourceUrl: fields.sourceUrl.trim(),
    imageUrl: fields.imageUrl.trim(),
  };
}

/** Adds or edits a recipe; "Import from a page" fills it from a pasted page for the user to review. */
export function RecipeForm({
  groupId,
  recipe,
  startWithImport,
  onClose,
}: {
  groupId: string;
  recipe: Recipe | null;
  startWithImport: boolean;
  onClose: (saved: Recipe | null) => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(() =>
    recipe ? fieldsOf({ ...recipe, ingredients: recipe.ingredients.map((ingredient) => ingredient.text) }) : EMPTY,
  );
  const [importing, setImporting] = useState(startWithImport);
  const [imported, setImported] = useState(false);
  const write = useMealWrite();
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((before) => ({ ...before, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(fields);
    const saved = await write.run(() =>
      recipe ? updateRecipe(groupId, recipe.id, input) : createRecipe(groupId, input),
    );
    if (saved) onClose(saved);
  }

  const field = (key: keyof Fields, label: string, extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input id={`${id}-${key}`} className={inputClass} value={fields[key]} onChange={set(key)} {...extra} />
    </div>
  );

  return (
    <div className="min-w-0 space-y-4">
      <h2 className="text-xl font-bold">{recipe ? `Edit ${recipe.name}` : "New recipe"}</h2>
      {importing ? (
        <ImportBox
          groupId={groupId}
          onRead={(read) => {
            setFields((before) => ({ ...fieldsOf(read), sourceUrl: before.sourceUrl }));
            setImporting(false);
            setImported(true);
          }}
          onCancel={() => setImporting(false)}
        />
      ) : (
        !recipe && (
          <button type="button" className={buttonClass.secondary} onClick={() => setImporting(true)}>
            Import from a page
          </button>
        )
      )}
      {imported && (
        <p role="status" className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm">
          Read from the page. Check the recipe below, then save it.
        </p>
      )}

      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-3"
        aria-label={recipe ? "Edit recipe" : "New recipe"}
      >
        {field("name", "Name", { required: true, maxLength: 300 })}
        <div>
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            rows={2}
            className={inputClass}
            value={fields.description}
            onChange={set("description")}
          />
        </div>
        <div>
          <label htmlFor={`${id}-ingredients`} className={labelClass}>
            Ingredients, one per line
          </label>
          <textarea
            id={`${id}-ingredients`}
            rows={6}
            className={inputClass}
            placeholder={"500 g Mehl\n2 onions\nsalt to taste"}
            value={fields.ingredients}
            onChange={set("ingredients")}
          />
        </div>
        <div>
          <label htmlFor={`${id}-steps`} className={labelClass}>
            Steps, one per line
          </label>
          <p id={`${id}-steps-hint`} className="text-xs text-ink-muted">
            A line starting with # names a section: &ldquo;# For the sauce&rdquo;.
          </p>
          <textarea
            id={`${id}-steps`}
            rows={6}
            aria-describedby={`${id}-steps-hint`}
            className={inputClass}
            value={fields.steps}
            onChange={set("steps")}
          />
        </div>
        {field("tags", "Tags, separated by commas", { placeholder: "Vegetarian, Quick" })}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {field("servings", "Servings", { type: "number", min: 1, max: 100 })}
          {field("totalMinutes", "Total minutes", { type: "number", min: 0 })}
          {field("prepMinutes", "Preparation", { type: "number", min: 0 })}
          {field("cookMinutes", "Cooking", { type: "number", min: 0 })}
        </div>
        {field("sourceUrl", "Where it is from (address)", { type: "url", placeholder: "https://" })}
        {field("imageUrl", "Picture address (linked when it starts with https://)", {
          type: "url",
          placeholder: "https://",
        })}
        {write.error && (
          <p role="alert" className="text-sm text-danger">
            {write.error}
          </p>
        )}
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={write.busy}>
            Save recipe
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => onClose(null)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
