/**
 * What email verification and password reset say (kept apart from the zod schemas so pages load
 * without zod). The reset request answers the same text whether or not the account exists.
 */
export const ACCOUNT_EMAIL_MESSAGES = {
  resetRequested:
    "If an account with this email address exists, we have sent it a link to choose a new password. The link works for 60 minutes; check your spam folder if it does not arrive.",
  passwordChanged:
    "Your password is changed: you are signed out on every device and your API tokens no longer work. Sign in with your new password.",
  passwordChangedSignedIn:
    "Your password is changed. Your other browsers are signed out and need the new password; this one stays signed in.",
  wrongCurrentPassword: "Your current password is not right.",
  samePassword: "Choose a new password that differs from your current one.",
  passwordNotLocal: "Your password is managed by the service you sign in with, not by this instance.",
  emailVerified: "Your email address is confirmed.",
  accountReady:
    "Your email address is confirmed and your account is ready. Sign in with your email address and password.",
  verificationSent: "We have sent you a new confirmation link. It works for 48 hours.",
  alreadyVerified: "Your email address is already confirmed.",
  notLocalAccount: "Your email address is managed by the service you sign in with, not by this instance.",
  linkInvalid: "This link is not valid or was already used. Ask for a new one.",
  linkExpired: "This link has expired. Ask for a new one.",
  linkMissing: "This page needs the link from the email. Open the link from the email again, or ask for a new one.",
  tooManyEmails: "Too many emails were asked for. Please wait a while and try again.",
  mailFailed: "The email could not be sent right now. Please try again in a few minutes.",
} as const;
