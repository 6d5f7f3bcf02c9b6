import { type InputHTMLAttributes, startTransition, useOptimistic } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "onChange"> & {
  checked: boolean;
  /** Saves the new state; the box shows it until this settles, then whatever `checked` says by then. */
  onCheckedChange: (checked: boolean) => Promise<unknown>;
};

/**
 * A checkbox whose click shows at once, in the same frame, while the change is saved: the state
 * it reflects lives in a query cache that re-renders a moment later, and a controlled box would
 * otherwise flick back until then. A failed save shows the old state again.
 */
export function OptimisticCheckbox({ checked, onCheckedChange, ...input }: Props) {
  const [shown, setShown] = useOptimistic(checked);
  return (
    <input
      {...input}
      type="checkbox"
      checked={shown}
      onChange={(event) => {
        const next = event.target.checked;
        startTransition(async () => {
          setShown(next);
          await onCheckedChange(next);
        });
      }}
    />
  );
}
