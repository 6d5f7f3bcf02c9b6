import type { SoundTheme } from "./feedback-plan";

/** One synthesised note: an oscillator with a quick attack and an exponential decay. */
export interface Tone {
  type: OscillatorType;
  /** Hz at the start. */
  frequency: number;
  /** Hz at the end, for a glide (the pop). */
  glideTo?: number;
  /** Seconds after the sound starts. */
  start: number;
  /** Seconds until it has faded out. */
  duration: number;
  /** Peak loudness, 0–1 (kept low: a confirmation, not an alarm). */
  gain: number;
}

export const SOUND_THEME_LABELS: Record<SoundTheme, { label: string; hint: string }> = {
  chime: { label: "Chime", hint: "Two bright bell notes." },
  pop: { label: "Pop", hint: "A short, soft bubble." },
  marimba: { label: "Marimba", hint: "A wooden two-note rise." },
};

/**
 * The notes of each theme, made with the Web Audio API (no audio files to download or cache).
 * Bells get an inharmonic partial (2.76×), the marimba a fourth harmonic that dies fast.
 */
export const SOUND_THEME_TONES: Record<SoundTheme, readonly Tone[]> = {
  chime: [
    { type: "sine", frequency: 1046.5, start: 0, duration: 0.9, gain: 0.18 },
    { type: "sine", frequency: 1046.5 * 2.76, start: 0, duration: 0.25, gain: 0.04 },
    { type: "sine", frequency: 1568, start: 0.11, duration: 1.1, gain: 0.16 },
    { type: "sine", frequency: 1568 * 2.76, start: 0.11, duration: 0.3, gain: 0.03 },
  ],
  pop: [
    { type: "sine", frequency: 380, glideTo: 920, start: 0, duration: 0.12, gain: 0.3 },
    { type: "triangle", frequency: 1400, glideTo: 700, start: 0.015, duration: 0.06, gain: 0.05 },
  ],
  marimba: [
    { type: "sine", frequency: 523.25, start: 0, duration: 0.45, gain: 0.26 },
    { type: "sine", frequency: 523.25 * 4, start: 0, duration: 0.08, gain: 0.05 },
    { type: "sine", frequency: 783.99, start: 0.12, duration: 0.55, gain: 0.24 },
    { type: "sine", frequency: 783.99 * 4, start: 0.12, duration: 0.08, gain: 0.05 },
  ],
};
