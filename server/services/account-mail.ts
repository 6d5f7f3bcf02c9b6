import type { Config } from "../env.js";
import type { MailMessage } from "./mailer.js";
import { html } from "./mail-html.js";
import { mailButton, mailLayout } from "./mail-layout.js";

/** The two emails of local accounts. Plain text first (what many clients show), HTML alongside. */

/**
 * No name in this one: whoever signs up chooses both the name and the address, so a name here
 * would let anyone have the instance mail text of their choosing (a link, say) to any mailbox.
 */
export function verificationMail(config: Config, to: { email: string }, link: string, hours: number): MailMessage {
  const name = config.instanceName;
  return {
    to: to.email,
    subject: `Confirm your email address for ${name}`,
    text: [
      "Hello,",
      "",
      `Please confirm that ${to.email} is your email address for your ${name} account by opening this link:`,
      "",
      link,
      "",
      `The link works once, for ${hours} hours. If you did not create this account, you can ignore this email.`,
    ].join("\n"),
    html: mailLayout(
      name,
      html`<p>Hello,</p>
        <p>Please confirm that <strong>${to.email}</strong> is your email address for your ${name} account.</p>
        ${mailButton(link, "Confirm my email address")}
        <p style="color:#475569;font-size:14px">
          The link works once, for ${hours} hours. If you did not create this account, you can ignore this email.
        </p>`,
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

/** Control characters, line and paragraph separators and bidi overrides become single spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}
