const kbd = "rounded border border-line bg-surface px-1 font-mono text-[0.6875rem]";

/** How to move a task and which keys the page has, under the days on a wide screen. */
export function MoveHint() {
  return (
    <p className="hidden text-xs text-ink-muted sm:block">
      Drag a task to another day, or focus it and press Alt with the arrow keys (a day, or a week). Keys:{" "}
      <kbd className={kbd}>t</kbd> today, <kbd className={kbd}>m</kbd> month, <kbd className={kbd}>w</kbd> week,{" "}
      <kbd className={kbd}>a</kbd> agenda.
    </p>
  );
}
