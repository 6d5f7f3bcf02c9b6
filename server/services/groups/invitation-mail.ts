import { formatDateTime } from "../../../domain/time-format.js";
import type { Config } from "../../env.js";
import type { InvitationView } from "../../repositories/invitation-repository.js";
import { html } from "../mail/mail-html.js";
import { mailButton, mailLayout } from "../mail/mail-layout.js";
import type { MailMessage } from "../mail/mailer.js";

const GROUP_KIND = { personal: "group", family: "family", team: "team" } as const;

/**
 * The invitation email: who invites to what, until when, and the link to answer it. The time is
 * in UTC (the addressee's zone is unknown) on the clock of `locale`: the addressee's language when
 * they have an account, else the inviter's (domain/time-format.ts).
 */
export function invitationMail(config: Config, invitation: InvitationView, locale: string | null): MailMessage {
  const instance = config.instanceName;
  const link = `${config.publicUrl}/invitations`;
  const until = `${formatDateTime(invitation.expiresAt, locale, "UTC")} UTC`;
  // The inviter's name is their own choice: it goes into the text as plain words, never as a link.
  const inviter = invitation.inviterName.replace(/[\r\n\t]+/g, " ").slice(0, 100);
  const kind = GROUP_KIND[invitation.groupType];
  return {
    to: invitation.email,
    subject: `${inviter} invited you to "${invitation.groupName}" on ${instance}`,
    text: [
      `${inviter} invited you to join the ${kind} "${invitation.groupName}" on ${instance}, to share tasks and lists.`,
      "",
      `To accept or decline, sign in with this email address (${invitation.email}) and open:`,
      "",
      link,
      "",
      `The invitation is open until ${until}. If you do not know ${inviter}, you can ignore this email.`,
    ].join("\n"),
    html: mailLayout(
      instance,
      html`<p>
          <strong>${inviter}</strong> invited you to join the ${kind} <strong>${invitation.groupName}</strong> on
          ${instance}, to share tasks and lists.
        </p>
        <p>To accept or decline, sign in with this email address (${invitation.email}).</p>
        ${mailButton(link, "See the invitation")}
        <p style="color:#475569;font-size:14px">
          The invitation is open until ${until}. If you do not know ${inviter}, you can ignore this email.
        </p>`,
    ),
  };
}
