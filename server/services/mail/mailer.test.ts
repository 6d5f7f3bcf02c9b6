import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxRepository } from "../../repositories/outbox-repository.js";
import { html } from "./mail-html.js";
import { Mailer } from "./mailer.js";

const silent = { error: () => undefined } as unknown as FastifyBaseLogger;
const unusedOutbox = {} as OutboxRepository;
const message = { to: "ada@example.org", subject: "Hi", text: "Hi", html: html`<p>Hi</p>` };
const realTick = () => new Promise((resolve) => setImmediate(resolve));

describe("the SMTP delivery", () => {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    vi.useRealTimers();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("gives up on a mail server that accepts the connection but never greets, within seconds", async () => {
    // A real TCP server that stays silent; only the clock is ours, so the test need not wait.
    let connected!: () => void;
    const connection = new Promise<void>((resolve) => (connected = resolve));
    server = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "x@example.org" }, unusedOutbox, silent);
    const outcome = mailer.send(message).then(
      () => "sent",
      (error: Error) => error.message,
    );
    await connection;
    for (let tick = 0; tick < 5; tick += 1) await realTick();

    // nodemailer's own default would wait 30 s for the greeting (and 10 min on a silent socket).
    vi.advanceTimersByTime(15_000);
    for (let tick = 0; tick < 5; tick += 1) await realTick();
    const settled = await Promise.race([outcome, realTick().then(() => "still waiting")]);
    expect(settled).toMatch(/greeting/i);
    await mailer.close();
  });
});
