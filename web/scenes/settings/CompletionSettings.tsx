import { Check, PartyPopper } from "lucide-react";
import { useRef, useState } from "react";
import { SOUND_THEMES } from "../../../domain/settings-defaults";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { celebrateCompletion, type FeedbackPlan, playSound, SOUND_THEME_LABELS } from "../../feedback";
import { useReducedMotion } from "../../hooks/use-reduced-motion";
import { useSettingsState } from "./use-settings-state";

/** What "Try it" did, in words (it is also what completing a task does now). */
function describePlan(plan: FeedbackPlan): string {
  const visuals = [plan.confetti && "confetti", plan.animation && "the check mark"].filter(Boolean).join(" and ");
  const actions = [
    visuals && `shows ${visuals}`,
    plan.sound && `plays the ${SOUND_THEME_LABELS[plan.sound].label.toLowerCase()} sound`,
  ].filter(Boolean);
  return actions.length === 0
    ? "Everything is off: completing a task is quiet."
    : `Completing a task ${actions.join(" and ")}.`;
}

/** Part of the Tasks section of /settings: what completing a task does, and the assistant's web search. */
export function CompletionSettings() {
  const { settings, ready, failed, loading, save } = useSettingsState();
  const reducedMotion = useReducedMotion();
  const tryButton = useRef<HTMLButtonElement>(null);
  const [tried, setTried] = useState("");

  function tryIt() {
    const plan = celebrateCompletion({ origin: tryButton.current, settings });
    // A new string each time, so a screen reader announces a repeated result again.
    setTried((previous) => (previous.endsWith(" ") ? describePlan(plan) : `${describePlan(plan)} `));
  }

  return (
    <>
      <Section
        level={3}
        title="When you complete a task"
        description="A small celebration when you tick a task off. None of it plays in a tab you are not looking at."
      >
        {loading ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading your settings…
          </p>
        ) : !ready && !failed ? null : (
          <div className="space-y-5">
            {reducedMotion && (
              <p className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm">
                Your device asks for reduced motion, so confetti and the animation stay off here whatever is set below.
              </p>
            )}
            <Switch
              label="Confetti"
              description="A burst of colour from the task you completed."
              checked={settings.showConfetti}
              onChange={(value) => void save({ showConfetti: value })}
            />
            <Switch
              label="Check mark animation"
              description="A check mark pops up and floats away."
              checked={settings.showCompletionAnimation}
              onChange={(value) => void save({ showCompletionAnimation: value })}
            />
            <Switch
              label="Sound"
              description="A short, quiet sound, made in your browser."
              checked={settings.soundEnabled}
              onChange={(value) => void save({ soundEnabled: value })}
            />
            <fieldset disabled={!settings.soundEnabled} className="disabled:opacity-60">
              <legend className="text-sm font-medium">Sound theme</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-3">
                {SOUND_THEMES.map((theme) => (
                  <label
                    key={theme}
                    className="relative flex cursor-pointer flex-col rounded-lg border border-line p-3 hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
                  >
                    <input
                      type="radio"
                      name="sound-theme"
                      value={theme}
                      checked={settings.activeSoundTheme === theme}
                      onChange={() => {
                        playSound(theme);
                        void save({ activeSoundTheme: theme });
                      }}
                      className="sr-only"
                    />
                    <span className="font-medium">{SOUND_THEME_LABELS[theme].label}</span>
                    <span className="text-sm text-ink-muted">{SOUND_THEME_LABELS[theme].hint}</span>
                    {settings.activeSoundTheme === theme && (
                      <Check aria-hidden="true" className="absolute top-3 right-3 size-4 text-brand" />
                    )}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
              <button ref={tryButton} type="button" className={buttonClass.secondary} onClick={tryIt}>
                <PartyPopper aria-hidden="true" className="size-4" />
                Try it
              </button>
              <p role="status" className="text-sm text-ink-muted">
                {tried}
              </p>
            </div>
          </div>
        )}
      </Section>

      <Section
        level={3}
        title="Assistant"
        description="The assistant turns what you type, say or photograph into task suggestions."
      >
        {loading ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading your settings…
          </p>
        ) : !ready && !failed ? null : (
          <Switch
            label="Let the assistant search the web"
            description="It may look things up online (opening hours, recipes, prices) to answer better. Off by default: what you ask stays between you and this instance's assistant."
            checked={settings.enableAssistantSearch}
            onChange={(value) => void save({ enableAssistantSearch: value })}
          />
        )}
      </Section>
    </>
  );
}
