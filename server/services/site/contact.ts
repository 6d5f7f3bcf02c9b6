import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { ContactMessageView, contactMessageSchema } from "../../../domain/contact.js";
import type { AppDeps } from "../../deps.js";
import type { Config } from "../../env.js";
import type { ContactMessageRecord } from "../../repositories/contact-message-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { html } from "../mail/mail-html.js";
import { mailLayout } from "../mail/mail-layout.js";
import type { MailMessage } from "../mail/mailer.js";

type ContactMessage = z.output<typeof contactMessageSchema>;

/** How many messages /admin lists. */
export const CONTACT_LIST_LIMIT = 100;

/** Who reads the contact form: CONTACT_EMAIL, else the instance's admins by ADMIN_EMAILS. */
export function contactRecipients(config: Config): string[] {
  return config.contactEmail ? [config.contactEmail] : config.auth.adminEmails;
}

/**
 * Spec "contact": keeps the message for /admin and emails it to whoever reads the contact form.
 * A message with the hidden field filled in came from a bot: it is answered the same way (so the
 * bot learns nothing) and dropped.
 */
export async function receiveContactMessage(
  deps: AppDeps,
  input: ContactMessage,
  sender: User | null,
  now = new Date(),
): Promise<void> {
  if (input.website) {
    deps.log.info("contact form: dropped a message that filled in the hidden field");
    return;
  }
  const row: ContactMessageRecord = {
    id: randomUUID(),
    // Header injection: a name or subject is one line in the email.
    name: oneLine(input.name),
    email: input.email,
    subject: oneLine(input.subject),
    message: input.message,
    userId: sender?.id ?? null,
    createdAt: now.toISOString(),
  };
  await deps.repositories.contactMessages.insert(row);
  for (const to of contactRecipients(deps.config)) deps.mailer.sendInBackground(contactMail(deps.config, row, to));
}

export async function listContactMessages(deps: AppDeps): Promise<ContactMessageView[]> {
  return (await deps.repositories.contactMessages.listRecent(CONTACT_LIST_LIMIT)).map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.userId,
    createdAt: row.createdAt,
  }));
}

function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

function contactMail(config: Config, message: ContactMessageRecord, to: string): MailMessage {
  const topic = message.subject || "a message";
  return {
    to,
    subject: `Contact form: ${topic} (from ${message.name})`,
    text: [
      `${message.name} <${message.email}> wrote through the contact form of ${config.instanceName}:`,
      "",
      message.subject ? `Subject: ${message.subject}` : "",
      "",
      message.message,
      "",
      `Answer them at ${message.email}. All messages: ${config.publicUrl}/admin`,
    ].join("\n"),
    html: mailLayout(
      config.instanceName,
      html`<p><strong>${message.name}</strong> (${message.email}) wrote through the contact form:</p>
        ${message.subject ? html`<p><strong>Subject:</strong> ${message.subject}</p>` : html``}
        <p style="white-space:pre-wrap">${message.message}</p>
        <p style="color:#475569;font-size:14px">Answer them at ${message.email}.</p>`,
    ),
  };
}
