/** A point on the screen (CSS pixels, viewport coordinates). */
export interface Point {
  x: number;
  y: number;
}

/** The category palette, so the burst matches the app's colours in both themes. */
const COLOURS = ["#3b82f6", "#22c55e", "#eab308", "#ef4444", "#a855f7", "#ec4899", "#6366f1"];
const PIECES = 90;
const DURATION_MS = 1_800;
const GRAVITY = 0.0012; // px per ms²
const DRAG = 0.0018; // share of speed lost per ms

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  width: number;
  height: number;
  colour: string;
  /** 0..1: how far the piece has turned over (paper flutter). */
  flip: number;
  flipSpeed: number;
}

function makePieces(origin: Point, random: () => number): Piece[] {
  return Array.from({ length: PIECES }, () => {
    // Upwards in a 110° fan, some faster than others.
    const direction = -Math.PI / 2 + (random() - 0.5) * ((110 * Math.PI) / 180);
    const speed = 0.45 + random() * 0.65;
    return {
      x: origin.x,
      y: origin.y,
      vx: Math.cos(direction) * speed,
      vy: Math.sin(direction) * speed,
      angle: random() * Math.PI * 2,
      spin: (random() - 0.5) * 0.02,
      width: 5 + random() * 5,
      height: 8 + random() * 6,
      colour: COLOURS[Math.floor(random() * COLOURS.length)]!,
      flip: random(),
      flipSpeed: 0.002 + random() * 0.004,
    };
  });
}

/**
 * A burst of paper confetti from `origin`, drawn on a throw-away canvas over the page that
 * ignores the pointer and is hidden from assistive technology; it removes itself when done.
 * Hand-written (about 100 lines) rather than a dependency: the app needs one burst shape.
 */
export function launchConfetti(origin: Point, random: () => number = Math.random): void {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.dataset.feedback = "confetti";
  Object.assign(canvas.style, {
    position: "fixed",
    inset: "0",
    width: "100vw",
    height: "100vh",
    pointerEvents: "none",
    zIndex: "1000",
  });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(window.innerWidth * ratio);
  canvas.height = Math.round(window.innerHeight * ratio);
  const draw = canvas.getContext("2d");
  if (!draw) return;
  document.body.append(canvas);
  draw.scale(ratio, ratio);

  const pieces = makePieces(origin, random);
  const started = performance.now();
  let last = started;

  function frame(now: number) {
    const elapsed = now - started;
    const step = Math.min(now - last, 40);
    last = now;
    draw!.clearRect(0, 0, window.innerWidth, window.innerHeight);
    // The last third fades out, so pieces never vanish mid-air.
    draw!.globalAlpha = Math.max(0, Math.min(1, (DURATION_MS - elapsed) / (DURATION_MS / 3)));
    for (const piece of pieces) {
      piece.vx *= 1 - DRAG * step;
      piece.vy = piece.vy * (1 - DRAG * step) + GRAVITY * step;
      piece.x += piece.vx * step;
      piece.y += piece.vy * step;
      piece.angle += piece.spin * step;
      piece.flip = (piece.flip + piece.flipSpeed * step) % 1;
      draw!.save();
      draw!.translate(piece.x, piece.y);
      draw!.rotate(piece.angle);
      draw!.scale(1, Math.cos(piece.flip * Math.PI * 2));
      draw!.fillStyle = piece.colour;
      draw!.fillRect(-piece.width / 2, -piece.height / 2, piece.width, piece.height);
      draw!.restore();
    }
    if (elapsed < DURATION_MS) requestAnimationFrame(frame);
    else canvas.remove();
  }
  requestAnimationFrame(frame);
}
