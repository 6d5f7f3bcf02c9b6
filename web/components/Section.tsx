import { type ReactNode, useId } from "react";

/**
 * A titled card: the building block of settings and account pages. `level` 3 when the card is
 * part of a larger section with its own h2 (the sections of /settings).
 */
export function Section({
  title,
  description,
  tone = "normal",
  level = 2,
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: "normal" | "danger";
  level?: 2 | 3;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border bg-surface p-5 shadow-sm sm:p-6 ${tone === "danger" ? "border-danger/40" : "border-line"}`}
    >
      <Heading id={headingId} className={`text-lg font-semibold ${tone === "danger" ? "text-danger" : ""}`}>
        {title}
      </Heading>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
