import type { Point } from "./confetti";

const SIZE = 56;

/**
 * A check mark that pops up at `origin`, draws itself and floats away (about 0.9 s). Decorative:
 * hidden from assistive technology (the page announces the completion in words) and from the pointer.
 */
export function showCheckAnimation(origin: Point): void {
  const badge = document.createElement("div");
  badge.setAttribute("aria-hidden", "true");
  badge.dataset.feedback = "check";
  const left = Math.min(Math.max(origin.x - SIZE / 2, 4), window.innerWidth - SIZE - 4);
  const top = Math.min(Math.max(origin.y - SIZE / 2, 4), window.innerHeight - SIZE - 4);
  Object.assign(badge.style, {
    position: "fixed",
    left: `${left}px`,
    top: `${top}px`,
    width: `${SIZE}px`,
    height: `${SIZE}px`,
    borderRadius: "9999px",
    display: "grid",
    placeItems: "center",
    background: "#16a34a",
    boxShadow: "0 8px 24px rgb(22 163 74 / 0.35)",
    pointerEvents: "none",
    zIndex: "1001",
  });
  badge.innerHTML =
    '<svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12.5l4.5 4.5L19 7.5" pathLength="1" stroke-dasharray="1" stroke-dashoffset="1"/></svg>';
  document.body.append(badge);

  const path = badge.querySelector("path")!;
  const pop = badge.animate(
    [
      { transform: "scale(0.3)", opacity: 0 },
      { transform: "scale(1.12)", opacity: 1, offset: 0.3 },
      { transform: "scale(1)", opacity: 1, offset: 0.45 },
      { transform: "translateY(0) scale(1)", opacity: 1, offset: 0.75 },
      { transform: "translateY(-24px) scale(0.9)", opacity: 0 },
    ],
    { duration: 900, easing: "ease-out" },
  );
  path.animate([{ strokeDashoffset: 1 }, { strokeDashoffset: 0 }], {
    duration: 320,
    delay: 160,
    easing: "ease-out",
    fill: "forwards",
  });
  pop.onfinish = () => badge.remove();
  pop.oncancel = () => badge.remove();
}
