import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, passwordStrength } from "./password.js";

describe("passwordStrength", () => {
  it.each(["password", "12345678", "qwertyuiop", "iloveyou1"])(
    "rejects the common password %s with advice",
    (password) => {
      const strength = passwordStrength(password);
      expect(strength.acceptable).toBe(false);
      expect(strength.advice).toBeTruthy();
    },
  );

  it("rejects short and overlong passwords before estimating", () => {
    expect(passwordStrength("a1!B").advice).toBe("Use at least 8 characters.");
    expect(passwordStrength("x".repeat(PASSWORD_MAX_LENGTH + 1)).acceptable).toBe(false);
  });

  it("accepts a long passphrase and labels it", () => {
    const strength = passwordStrength("correct-horse-battery-staple-42");
    expect(strength).toMatchObject({ acceptable: true, advice: null });
    expect(strength.score).toBeGreaterThanOrEqual(3);
  });

  it("counts the user's own name and email against the password", () => {
    const password = "quillonbraxter";
    expect(passwordStrength(password).acceptable).toBe(true);
    expect(passwordStrength(password, ["Quillon Braxter", "qb@example.org"]).acceptable).toBe(false);
  });
});
