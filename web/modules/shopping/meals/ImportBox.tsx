import { type FormEvent, useId, useState } from "react";
import type { ImportedRecipeForm } from "../../../../domain/meals/meals";
import { errorMessage } from "../../../api/http";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { importRecipe } from "./api";

/** 2 MB, as the server reads at most (domain/meals/recipe-import.ts). */
const MAX_CHARS = 2 * 1024 * 1024;

/**
 * Paste a recipe page's source (or its schema.org recipe data): the server reads the recipe out of
 * it without visiting the page, and the form is filled for the user to check and save.
 */
export function ImportBox({
  groupId,
  onRead,
  onCancel,
}: {
  groupId: string;
  onRead: (recipe: ImportedRecipeForm) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.length > MAX_CHARS) return setError("That page is too large to import (more than 2 MB).");
    setBusy(true);
    setError(null);
    try {
      onRead(await importRecipe(groupId, text));
    } catch (reason) {
      setError(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Import from a page"
      className="space-y-2 rounded-xl border border-line bg-surface p-4"
    >
      <label htmlFor={`${id}-page`} className={labelClass}>
        Page source or recipe data
      </label>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        On the recipe&rsquo;s page, open its source (Ctrl+U, or &ldquo;View page source&rdquo;), select all, copy and
        paste it here. Most recipe sites include the recipe in a form this reads. Nothing is fetched from the site.
      </p>
      <textarea
        id={`${id}-page`}
        rows={6}
        required
        aria-describedby={`${id}-hint`}
        className={`${inputClass} font-mono text-xs`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy || !text.trim()}>
          Read recipe
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
