import { useEffect, useState } from "react";
import type { PasswordStrength } from "../../../domain/password";

type Estimate = (password: string, hints: string[]) => PasswordStrength;
const COLORS = ["bg-danger", "bg-danger", "bg-amber-500", "bg-success", "bg-success"];

/** The same rule the server applies; its dictionaries load only when someone picks a password. */
export function PasswordMeter({ password, hints, id }: { password: string; hints: string[]; id: string }) {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    void import("../../../domain/password").then((module) => setEstimate(() => module.passwordStrength));
  }, []);
  if (!password)
    return (
      <p id={id} className="mt-1.5 text-xs text-ink-muted">
        At least 8 characters; a few unrelated words work well.
      </p>
    );
  if (!estimate)
    return (
      <p id={id} className="mt-1.5 text-xs text-ink-muted">
        Checking strength…
      </p>
    );
  const strength = estimate(password, hints);
  return (
    <div id={id} className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 flex-1 rounded-full ${bar < Math.max(strength.score, 1) ? COLORS[strength.score] : "bg-line"}`}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-ink-muted">
        Strength: <strong className="text-ink">{strength.label}</strong>
        {strength.advice ? ` — ${strength.advice}` : ""}
      </p>
    </div>
  );
}
