import { Camera, ImageUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "../../components/form";
import { PHOTO_UNREADABLE, shrinkPhoto } from "./shrink-photo";

/** What saving the form does with the photo: leave it, send a new one, or remove the one there. */
export type PhotoChoice = { kind: "keep" } | { kind: "new"; photo: Blob; preview: string } | { kind: "remove" };

/** A picked photo as a data: URL to show before it is sent (nothing to revoke afterwards). */
function previewOf(photo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => resolve(reader.result as string));
    reader.addEventListener("error", () => reject(reader.error ?? new Error("unreadable")));
    reader.readAsDataURL(photo);
  });
}

const pickerClass = `${buttonClass.secondary} cursor-pointer has-focus-visible:outline-3 has-focus-visible:outline-focus`;

/**
 * The coupon's photo in its form: taken with the camera or chosen from the device's files, made
 * small on the device (shrink-photo.ts) and shown before it is sent with the form; or removed.
 */
export function PhotoField({
  currentUrl,
  choice,
  onChange,
}: {
  /** The photo the coupon has now, if any. */
  currentUrl: string | null;
  choice: PhotoChoice;
  onChange: (choice: PhotoChoice) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const shown = choice.kind === "new" ? choice.preview : choice.kind === "keep" ? currentUrl : null;
  const hasPhoto = choice.kind === "new" || (choice.kind === "keep" && currentUrl !== null);

  async function picked(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setShrinking(true);
    const result = await shrinkPhoto(file);
    const preview = "photo" in result ? await previewOf(result.photo).catch(() => null) : null;
    setShrinking(false);
    if ("problem" in result) setProblem(result.problem);
    else if (preview === null) setProblem(PHOTO_UNREADABLE);
    else onChange({ kind: "new", photo: result.photo, preview });
  }

  const fileInput = (capture: boolean) => (
    <input
      type="file"
      accept="image/jpeg,image/png,image/webp,image/*"
      capture={capture ? "environment" : undefined}
      className="sr-only"
      onChange={(event) => {
        void picked(event.target.files?.[0]);
        event.target.value = "";
      }}
    />
  );

  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium">Photo</legend>
      {shown ? (
        <img
          src={shown}
          alt={choice.kind === "new" ? "The new photo of the coupon" : "The coupon's photo"}
          className="max-h-48 max-w-full rounded-lg border border-line object-contain"
        />
      ) : (
        <p className="text-sm text-ink-muted">
          {choice.kind === "remove" ? "The photo goes when you save." : "No photo of the coupon."}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <label className={pickerClass}>
          <Camera aria-hidden className="size-4" /> Take a photo
          {fileInput(true)}
        </label>
        <label className={pickerClass}>
          <ImageUp aria-hidden className="size-4" /> Choose a photo
          {fileInput(false)}
        </label>
        {hasPhoto && (
          <button
            type="button"
            className={buttonClass.dangerOutline}
            onClick={() => onChange(currentUrl ? { kind: "remove" } : { kind: "keep" })}
          >
            <Trash2 aria-hidden className="size-4" /> Remove photo
          </button>
        )}
      </div>
      {shrinking && (
        <p role="status" className="text-sm text-ink-muted">
          Making the photo smaller…
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
