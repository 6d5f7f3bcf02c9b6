import type { SoundTheme } from "./feedback-plan";
import { SOUND_THEME_TONES } from "./sound-themes";

let context: AudioContext | undefined;

/** One AudioContext for the page, made on first use (browsers allow sound after a click or key). */
function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return undefined;
  try {
    context = new Context();
  } catch {
    return undefined;
  }
  return context;
}

/** Plays a theme's notes; silently does nothing where the browser has no Web Audio. */
export function playSound(theme: SoundTheme): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === "suspended") void audio.resume().catch(() => undefined);
  const startAt = audio.currentTime + 0.01;
  const output = audio.createGain();
  output.gain.value = 0.9;
  output.connect(audio.destination);
  let end = startAt;
  for (const tone of SOUND_THEME_TONES[theme]) {
    const at = startAt + tone.start;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.setValueAtTime(tone.frequency, at);
    if (tone.glideTo) oscillator.frequency.exponentialRampToValueAtTime(tone.glideTo, at + tone.duration * 0.6);
    // A 5 ms attack avoids a click; the decay is exponential, like a struck bar or bell.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(tone.gain, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.duration);
    oscillator.connect(gain).connect(output);
    oscillator.start(at);
    oscillator.stop(at + tone.duration + 0.02);
    end = Math.max(end, at + tone.duration + 0.02);
  }
  setTimeout(() => output.disconnect(), (end - audio.currentTime) * 1000 + 100);
}
