import type { Config } from "../../env.js";
import type { MailMessage } from "../mail/mailer.js";
import { html } from "../mail/mail-html.js";
import { mailButton, mailLayout } from "../mail/mail-layout.js";

/** The emails of local accounts. Plain text first (what many clients show), HTML alongside. */

/**
 * No name in this one: whoever signs up chooses both the name and the address, so a name here
 * would let anyone have the instance mail text of their choosing (a link, say) to any mailbox.
 */
export function verificationMail(
  config: Config,
  to: { email: string },
  link: string,
  hours: number,
  /** The link finishes a sign-up (services/accounts/pending-sign-ups.ts): no account exists before it is used. */
  finishesSignUp = false,
): MailMessage {
  const name = config.instanceName;
  const ask = finishesSignUp
    ? `To finish creating your ${name} account, please confirm that ${to.email} is your email address by opening this link:`
    : `Please confirm that ${to.email} is your email address for your ${name} account by opening this link:`;
  const ignore = finishesSignUp
    ? "If you did not sign up, you can ignore this email: no account is made without this link."
    : "If you did not create this account, you can ignore this email.";
  return {
    to: to.email,
    subject: `Confirm your email address for ${name}`,
    text: ["Hello,", "", ask, "", link, "", `The link works once, for ${hours} hours. ${ignore}`].join("\n"),
    html: mailLayout(
      name,
      html`<p>Hello,</p>
        <p>
          ${finishesSignUp ? `To finish creating your ${name} account, please confirm` : "Please confirm"} that
          <strong>${to.email}</strong> is your email address${finishesSignUp ? "" : ` for your ${name} account`}.
        </p>
        ${mailButton(link, "Confirm my email address")}
        <p style="color:#475569;font-size:14px">The link works once, for ${hours} hours. ${ignore}</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with again: sign-up answers the
 * same for every address, so the owner is the one told, as "Forgot password?" tells only them.
 * Greets like the reset email (an existing account's own name, on one line).
 */
export function signUpAttemptMail(config: Config, to: { name: string; email: string }, loginLink: string): MailMessage {
  const name = config.instanceName;
  const person = oneLine(to.name);
  const greeting = person ? `Hello ${person},` : "Hello,";
  const explain = `Someone, perhaps you, tried to create a new ${name} account with this email address. You already have an account with it, so nothing was created and nothing about your account changed.`;
  const advice = `To use your account, sign in. If you forgot your password, choose "Forgot password?" on the sign-in page. If it was not you, you can ignore this email.`;
  return {
    to: to.email,
    subject: `You already have a ${name} account`,
    text: [greeting, "", explain, "", advice, "", loginLink].join("\n"),
    html: mailLayout(
      name,
      html`<p>${greeting}</p>
        <p>${explain}</p>
        ${mailButton(loginLink, "Sign in")}
        <p style="color:#475569;font-size:14px">${advice}</p>`,
    ),
  };
}

/**
 * Goes only to an existing account's address, so it greets by the account's name, but on one
 * line: control characters (line breaks among them) could otherwise lay out a message of the
 * name's own inside ours.
 */
export function passwordResetMail(
  config: Config,
  to: { name: string; email: string },
  link: string,
  minutes: number,
): MailMessage {
  const name = config.instanceName;
  const person = oneLine(to.name);
  const greeting = person ? `Hello ${person},` : "Hello,";
  return {
    to: to.email,
    subject: `Reset your ${name} password`,
    text: [
      greeting,
      "",
      `Someone asked to reset the password of your ${name} account. To choose a new password, open this link:`,
      "",
      link,
      "",
      `The link works once, for ${minutes} minutes. Setting a new password signs you out on every device and revokes your API tokens.`,
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
    html: mailLayout(
      name,
      html`<p>${greeting}</p>
        <p>
          Someone asked to reset the password of your ${name} account. To choose a new password, use the button below.
        </p>
        ${mailButton(link, "Choose a new password")}
        <p style="color:#475569;font-size:14px">
          The link works once, for ${minutes} minutes. Setting a new password signs you out on every device and revokes
          your API tokens. If you did not ask for this, ignore this email: your password stays as it is.
        </p>`,
    ),
  };
}

/**
 * To a confirmed address after its account's password was changed in the app: the owner learns
 * of a change they did not make while the reset link of "Forgot password?" can still take the
 * account back. Greets like the reset email.
 */
export function passwordChangedMail(
  config: Config,
  to: { name: string; email: string },
  loginLink: string,
): MailMessage {
  const name = config.instanceName;
  const person = oneLine(to.name);
  const greeting = person ? `Hello ${person},` : "Hello,";
  const what = `Your ${name} password was changed. Your other browsers were signed out; API tokens still work.`;
  const advice = `If you did not change it, someone else knows your password: choose "Forgot password?" on the sign-in page to set a new one, which signs out everyone and revokes your API tokens.`;
  return {
    to: to.email,
    subject: `Your ${name} password was changed`,
    text: [greeting, "", what, "", advice, "", loginLink].join("\n"),
    html: mailLayout(
      name,
      html`<p>${greeting}</p>
        <p>${what}</p>
        <p>${advice}</p>
        ${mailButton(loginLink, "Go to sign-in")}`,
    ),
  };
}

/** Control characters, line and paragraph separators and bidi overrides become single spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}
