import type { Config } from "../env.js";
import type { MailMessage } from "./mailer.js";
import { html, type SafeHtml } from "./mail-html.js";

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
    html: layout(
      name,
      html`<p>Hello,</p>
        <p>Please confirm that <strong>${to.email}</strong> is your email address for your ${name} account.</p>
        ${button(link, "Confirm my email address")}
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
    html: layout(
      name,
      html`<p>${greeting}</p>
        <p>
          Someone asked to reset the password of your ${name} account. To choose a new password, use the button below.
        </p>
        ${button(link, "Choose a new password")}
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

function button(link: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0">
      <a
        href="${link}"
        style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600"
        >${label}</a
      >
    </p>
    <p style="color:#475569;font-size:14px">
      Or copy this address into your browser:<br /><a href="${link}" style="color:#4338ca;word-break:break-all"
        >${link}</a
      >
    </p>`;
}

/** Inline styles only: most mail clients ignore style sheets. */
function layout(instanceName: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${instanceName}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5"
      >
        <div
          style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px"
        >
          <p style="margin:0 0 16px;font-weight:700;color:#4338ca">${instanceName}</p>
          ${body}
        </div>
      </body>
    </html>`;
}
