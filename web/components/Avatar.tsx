/** The user's picture, or their initials on a colour of its own when there is none. */
export function Avatar({ name, url, size = "md" }: { name: string; url: string | null; size?: "sm" | "md" | "lg" }) {
  const box = { sm: "size-7 text-xs", md: "size-10 text-sm", lg: "size-24 text-2xl" }[size];
  // Its size in the markup too, so the box is reserved before the stylesheet or the picture arrives.
  const pixels = { sm: 28, md: 40, lg: 96 }[size];
  if (url)
    return (
      <img src={url} alt="" width={pixels} height={pixels} className={`${box} shrink-0 rounded-full object-cover`} />
    );
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-ink`}
    >
      {initials || "?"}
    </span>
  );
}
