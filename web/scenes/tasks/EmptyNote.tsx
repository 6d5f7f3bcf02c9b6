import type { ReactNode } from "react";

/** A list's empty state: an icon, what is (not) there, and what to do about it. */
export function EmptyNote({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line px-6 py-10 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-soft text-brand">{icon}</span>
      <h2 className="mt-3 font-semibold">{title}</h2>
      <div className="mt-2 text-sm text-ink-muted">{children}</div>
    </div>
  );
}
