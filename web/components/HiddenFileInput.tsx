import type { Ref } from "react";

/**
 * A file input kept out of sight and out of the tab order: a visible button opens it
 * (`ref.current.click()`), and each choice is handed over once, so choosing the same file again
 * still counts.
 */
export function HiddenFileInput({
  ref,
  accept,
  capture,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  capture?: "environment" | "user";
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      capture={capture}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        onFile(event.target.files?.[0]);
        event.target.value = "";
      }}
    />
  );
}
