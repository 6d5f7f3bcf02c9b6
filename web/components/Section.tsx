import { type ReactNode, useId } from "react";

/** A titled card: the building block of settings and account pages. */
export function Section({
  title,
  description,
  tone = "normal",
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: "normal" | "danger";
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border bg-surface p-5 shadow-sm sm:p-6 ${tone === "danger" ? "border-danger/40" : "border-line"}`}
    >
      <h2 id={headingId} className={`text-lg font-semibold ${tone === "danger" ? "text-danger" : ""}`}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
