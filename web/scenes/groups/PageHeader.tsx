import type { ReactNode } from "react";

export const linkClass = "text-brand underline underline-offset-2 hover:decoration-2";

/** The h1 and lead paragraph every page of this scene starts with. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      {children && <p className="mt-1 text-ink-muted">{children}</p>}
    </div>
  );
}
