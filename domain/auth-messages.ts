/** What sign-in says when it fails (kept apart from the zod schemas so pages load without zod). */
export const AUTH_MESSAGES = {
  wrongCredentials: "The email or password is not right.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  interactionExpired: "This sign-in page has expired. Please start again.",
} as const;
