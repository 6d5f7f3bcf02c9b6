import { BlockList, isIP } from "node:net";
import dns, { type LookupAddress } from "node:dns";
import { Agent, type AgentOptions } from "node:https";
import type { FastifyBaseLogger } from "fastify";
import webpush, { type PushSubscription, WebPushError } from "web-push";
import { platformOf } from "../../../domain/user-agent.js";
import type { Config } from "../../env.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";

/** What the service worker shows (web/sw.ts): small, so it fits a push message (4 kB) whatever the text. */
export interface PushPayload {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
}

/** Push services keep an undelivered message this long (the device may be off); then it is dropped. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_BODY_MAX_LENGTH = 500;
const PUSH_TIMEOUT_MS = 10_000;
const VAPID_KEYS = "vapid-keys";

export const PUSH_MESSAGES = {
  endpointRefused: "This push subscription's address is not one the server may send to",
} as const;

/** The instance's VAPID key pair: made on first use, kept, the same on every process. */
export async function vapidKeys(repositories: Repositories): Promise<{ publicKey: string; privateKey: string }> {
  const stored = await repositories.instanceSecrets.getOrCreate(
    VAPID_KEYS,
    () => JSON.stringify(webpush.generateVAPIDKeys()),
    new Date().toISOString(),
  );
  return JSON.parse(stored) as { publicKey: string; privateKey: string };
}

/** Who push services should contact about this sender: the address mail comes from. */
function vapidSubject(config: Config): string {
  const address = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  return address.includes("@") ? `mailto:${address}` : `mailto:no-reply@${new URL(config.publicUrl).hostname}`;
}

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/**
 * Whether the server may post to this endpoint. A subscription comes from the browser, so its
 * address is the caller's choice: unless PUSH_ENDPOINTS=any, only https to a name or a public
 * address, never into the server's own network. (A name that resolves to a private address is
 * left to the network's egress rules: real push services are public names.)
 */
export function isAllowedPushEndpoint(endpoint: string, policy: Config["pushEndpoints"]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Push services speak https only (RFC 8030); "any" also allows private addresses.
  if (url.protocol !== "https:") return false;
  if (policy === "any") return true;
  // "localhost." is localhost too: a trailing dot names the same host.
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  return !isPrivateAddress(host);
}

/** An IP address in a private, loopback or link-local range (a name is not an address: false). */
function isPrivateAddress(host: string): boolean {
  const version = isIP(host);
  return version !== 0 && PRIVATE.check(host, version === 4 ? "ipv4" : "ipv6");
}

/**
 * With PUSH_ENDPOINTS=public, a name is checked again where it matters: the address it resolves
 * to when the server connects, so a name pointing into the private network is refused too.
 */
const publicOnlyLookup: NonNullable<AgentOptions["lookup"]> = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0)
      return callback(new Error(`push endpoint ${hostname} resolves to a private address`), "", 4);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores the browser's subscription for the user (one record per endpoint, merged on re-subscribe). */
export async function savePushSubscription(
  repositories: Repositories,
  config: Config,
  userId: string,
  subscription: NewPushSubscription,
  client: { userAgent: string | undefined; sessionIdHash: string | null },
  now = new Date(),
): Promise<void> {
  if (!isAllowedPushEndpoint(subscription.endpoint, config.pushEndpoints))
    throw new ValidationError(PUSH_MESSAGES.endpointRefused);
  await repositories.pushSubscriptions.upsert({
    endpoint: subscription.endpoint,
    userId: userId,
    sessionIdHash: client.sessionIdHash,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    device: (client.userAgent ?? "Unknown browser").slice(0, 300),
    platform: platformOf(client.userAgent),
    createdAt: now.toISOString(),
    lastUsed: now.toISOString(),
  });
}

export async function removePushSubscription(
  repositories: Repositories,
  userId: string,
  endpoint: string,
): Promise<void> {
  if (!(await repositories.pushSubscriptions.deleteForUser(userId, endpoint)))
    throw new NotFoundError("Push subscription not found");
}

/**
 * Sends web push messages without holding up the request that caused them; close() waits for
 * those still on their way (shutdown). A subscription the push service answers 404 or 410 for
 * is deleted: the browser dropped it and it never works again.
 */
export class PushSender {
  private readonly pending = new Set<Promise<void>>();
  /**
   * The TLS agent for push services: with PUSH_ENDPOINTS=public it refuses names that resolve to
   * private addresses. Tests set one that trusts their own push service's certificate.
   */
  agent: Agent | undefined;

  constructor(
    private readonly repositories: Repositories,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.agent = config.pushEndpoints === "public" ? new Agent({ lookup: publicOnlyLookup }) : undefined;
  }

  sendInBackground(userId: string, payload: PushPayload): void {
    const sending = this.send(userId, payload).then(
      () => undefined,
      (err: unknown) => this.log.warn({ err, userId }, "web push failed"),
    );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Sends to every browser the user subscribed; returns how many took it. */
  async send(userId: string, payload: PushPayload): Promise<number> {
    const subscriptions = await this.repositories.pushSubscriptions.listForUser(userId);
    if (subscriptions.length === 0) return 0;
    const keys = await vapidKeys(this.repositories);
    const body = JSON.stringify({ ...payload, body: payload.body.slice(0, PUSH_BODY_MAX_LENGTH) });
    let delivered = 0;
    for (const row of subscriptions) {
      const subscription: PushSubscription = { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
      try {
        await webpush.sendNotification(subscription, body, {
          TTL: PUSH_TTL_SECONDS,
          vapidDetails: { subject: vapidSubject(this.config), ...keys },
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: "aes128gcm",
          ...(this.agent && { agent: this.agent }),
        });
        delivered += 1;
        await this.repositories.pushSubscriptions.touch(row.endpoint, new Date().toISOString());
      } catch (err) {
        if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
          await this.repositories.pushSubscriptions.delete(row.endpoint);
        } else {
          this.log.warn({ err, endpoint: new URL(row.endpoint).origin }, "a push service refused a message");
        }
      }
    }
    return delivered;
  }

  /** Resolves once every background send has finished (tests wait on this, shutdown too). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    this.agent?.destroy();
  }
}
