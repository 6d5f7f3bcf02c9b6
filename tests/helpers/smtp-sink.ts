import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients, as the sending server named them (RCPT TO). */
  recipients: string[];
  /** The user the sender authenticated as, if it did. */
  authUser: string | undefined;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** smtp://user:secret@127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The first mail (received already or later) that matches, or a timeout error naming what came. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps every message it receives, parsed. It requires the
 * credentials of its URL, so a test also proves the app logs in with what SMTP_URL says.
 * No TLS: the test runs on the loopback interface.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "tandem" && auth.password === "mail-secret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            recipients: session.envelope.rcptTo.map((address) => address.address),
            authUser: typeof session.user === "string" ? session.user : undefined,
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://tandem:mail-secret@127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = received.map((mail) => `${mail.recipients.join(",")}: ${mail.parsed.subject ?? ""}`);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text body that starts with `prefix` (the app's page for the link). */
export function linkIn(text: string | undefined, prefix: string): URL {
  const found = (text ?? "").split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text ?? "(no text body)"}`);
  return new URL(found);
}
