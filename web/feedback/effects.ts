/** What completing a task looks and sounds like, loaded on demand by celebrate.ts. */
export { showCheckAnimation } from "./check-animation";
export { launchConfetti } from "./confetti";
export { playSound } from "./sound";
