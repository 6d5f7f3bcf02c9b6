/** What sign-in says when it fails (kept apart from the zod schemas so pages load without zod). */
export const AUTH_MESSAGES = {
  wrongCredentials: "The email or password is not right.",
  signUpEmailed:
    "Check your email to finish: we have sent a message to this address. If it does not arrive within a few minutes, look in your spam folder.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  interactionExpired: "This sign-in page has expired. Please start again.",
} as const;
