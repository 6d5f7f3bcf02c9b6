import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Config } from "../../env.js";
import type { OutboxRepository } from "../../repositories/outbox-repository.js";
import type { SafeHtml } from "./mail-html.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Built with mail-html.ts's `html` template, which escapes every interpolated value. */
  html: SafeHtml;
}

interface Delivery {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends the app's email: through SMTP when SMTP_URL is set, otherwise into the outbox table, where
 * instance admins read it (so an instance without a mail server still works). Built once per app.
 */
export class Mailer {
  readonly mode: "smtp" | "outbox";
  private readonly delivery: Delivery;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    mail: Config["mail"],
    outbox: OutboxRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mode = mail.smtpUrl ? "smtp" : "outbox";
    this.delivery = mail.smtpUrl ? smtpDelivery(mail.smtpUrl, mail.from) : outboxDelivery(outbox);
  }

  /** Delivers now; rejects when the SMTP server or the database refuses. */
  send(message: MailMessage): Promise<void> {
    return this.delivery.send(message);
  }

  /**
   * Delivers without making the caller wait: a request answers in the same time whether or not
   * a message was sent (no account enumeration by timing), and a slow mail server delays nobody.
   * `message` may be a function that composes it (null: nothing to send), so the work before
   * sending is off the request too. Failures are logged; close() waits for what is on its way.
   */
  sendInBackground(message: MailMessage | (() => Promise<MailMessage | null>)): void {
    const sending = (async () => {
      const ready = typeof message === "function" ? await message() : message;
      if (ready) await this.delivery.send(ready);
    })()
      .catch((error: unknown) => this.log.error({ err: error }, "email not sent"))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves once every background delivery has finished (tests wait on this, shutdown too). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    this.delivery.close();
  }
}

/**
 * nodemailer waits up to 2 minutes for a connection and 10 for a silent socket by default: a
 * stuck mail server would hold a resend request, or shutdown (which waits for mail on its way),
 * that long. Query parameters of SMTP_URL (`?socketTimeout=30000`) still override these.
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS }, { from });
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html.value,
      });
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(outbox: OutboxRepository): Delivery {
  return {
    send: (message) =>
      outbox.insert({
        id: randomUUID(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html.value,
        createdAt: new Date().toISOString(),
      }),
    close: () => undefined,
  };
}
