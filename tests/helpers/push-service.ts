import { execFileSync } from "node:child_process";
import { createECDH, type ECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/** A message as a push service received it, decrypted with the browser's keys (RFC 8291, aes128gcm). */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: Record<string, unknown>;
}

/** A browser's side of a subscription: its endpoint and keys, as PushManager.subscribe gives them. */
export interface FakeBrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** A certificate for 127.0.0.1, made by openssl for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-push-tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * A push service on 127.0.0.1 for tests, over https as push services are: every POST to /<name>
 * is kept and decrypted with the keys of the subscription made for that name; `gone(name)` makes
 * it answer 410 from then on. `agent` trusts its certificate (give it to the server's PushSender).
 */
export async function startPushService() {
  const tls = selfSignedCertificate();
  const subscriptions = new Map<string, FakeBrowserSubscription>();
  const goneNames = new Set<string>();
  const received: ReceivedPush[] = [];
  const server = https.createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = (request.url ?? "/").slice(1);
      const subscription = subscriptions.get(name);
      if (!subscription || goneNames.has(name)) {
        response.writeHead(goneNames.has(name) ? 410 : 404).end();
        return;
      }
      const plain = decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: subscription.ecdh,
        authSecret: subscription.authSecret,
      });
      received.push({ path: name, headers: request.headers, payload: JSON.parse(plain.toString("utf8")) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    agent: new https.Agent({ ca: tls.cert }),
    subscribe(name: string): FakeBrowserSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const subscription = {
        endpoint: `${base}/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        ecdh,
        authSecret,
      };
      subscriptions.set(name, subscription);
      return subscription;
    },
    gone(name: string) {
      goneNames.add(name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
