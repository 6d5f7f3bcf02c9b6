import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SOUND_THEMES } from "../../domain/settings-defaults";
import { planFeedback } from "./feedback-plan";
import { SOUND_THEME_TONES } from "./sound-themes";

const onScreen = { reducedMotion: false, hidden: false };

describe("completion feedback plan", () => {
  it("shows and plays everything with the defaults", () => {
    expect(planFeedback(DEFAULT_SETTINGS, onScreen)).toEqual({ confetti: true, animation: true, sound: "chime" });
  });

  it("follows each setting on its own", () => {
    expect(planFeedback({ ...DEFAULT_SETTINGS, showConfetti: false }, onScreen)).toEqual({
      confetti: false,
      animation: true,
      sound: "chime",
    });
    expect(planFeedback({ ...DEFAULT_SETTINGS, showCompletionAnimation: false }, onScreen).animation).toBe(false);
    expect(planFeedback({ ...DEFAULT_SETTINGS, soundEnabled: false }, onScreen).sound).toBeNull();
    expect(planFeedback({ ...DEFAULT_SETTINGS, activeSoundTheme: "marimba" }, onScreen).sound).toBe("marimba");
  });

  it("drops confetti and animation when the device asks for reduced motion, but keeps the sound", () => {
    expect(planFeedback(DEFAULT_SETTINGS, { reducedMotion: true, hidden: false })).toEqual({
      confetti: false,
      animation: false,
      sound: "chime",
    });
  });

  it("does nothing at all while the page is hidden", () => {
    expect(planFeedback(DEFAULT_SETTINGS, { reducedMotion: false, hidden: true })).toEqual({
      confetti: false,
      animation: false,
      sound: null,
    });
  });

  it("has short, quiet notes for every sound theme", () => {
    for (const theme of SOUND_THEMES) {
      const tones = SOUND_THEME_TONES[theme];
      expect(tones.length).toBeGreaterThan(0);
      for (const tone of tones) {
        expect(tone.gain).toBeGreaterThan(0);
        expect(tone.gain).toBeLessThanOrEqual(0.3);
        expect(tone.start + tone.duration).toBeLessThanOrEqual(1.5);
      }
    }
  });
});
