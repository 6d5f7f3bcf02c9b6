/** A member's initials in a small disc: who has a task at a glance (the name is said next to it). */
export function Initials({ name, size = "sm" }: { name: string; size?: "sm" | "md" }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  const box = size === "sm" ? "size-4 text-[0.6rem]" : "size-7 text-xs";
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-ink`}
    >
      {initials || "?"}
    </span>
  );
}
