import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from "./password-rules.js";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE };
export const STRENGTH_LABELS = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  acceptable: boolean;
  /** What to do about it, in a sentence, when not acceptable. */
  advice: string | null;
}

let estimator: ZxcvbnFactory | undefined;

/**
 * One rule for the sign-up meter and the server: the same dictionaries judge the same password.
 * `hints` (name, email) count against a password that contains them.
 */
export function passwordStrength(password: string, hints: string[] = []): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      score: 0,
      label: STRENGTH_LABELS[0],
      acceptable: false,
      advice: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      score: 0,
      label: STRENGTH_LABELS[0],
      acceptable: false,
      advice: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
    };
  }
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  // Whole hints and their words: "Ada Lovelace" and "ada@example.org" give ada, lovelace, example, …
  const words = hints
    .flatMap((hint) => [hint.toLowerCase(), ...hint.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((word) => word.length >= 3);
  const result = estimator.check(password, words);
  const acceptable = result.score >= PASSWORD_MIN_SCORE;
  const advice = acceptable
    ? null
    : [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ") ||
      "Add more words or characters that are hard to guess.";
  return { score: result.score, label: STRENGTH_LABELS[result.score], acceptable, advice };
}
