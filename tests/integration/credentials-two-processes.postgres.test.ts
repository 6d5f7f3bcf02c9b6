import { expect, it } from "vitest";
import { CREDENTIAL_CACHE_TTL_MS } from "../../server/services/sign-in/credential-cache.js";
import { HttpClient } from "../helpers/http-client.js";
import { describePostgres } from "../helpers/databases.js";
import { useTwoServers } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * Each process remembers resolved credentials for a few seconds; ending one must still take
 * effect on every process at once (the bus), not when the memory runs out. PostgreSQL only:
 * SQLite runs as one process.
 */
describePostgres("ending a credential on one process, with another process that remembers it", () => {
  const servers = useTwoServers();

  /** Polls until `request` answers 401; fails if that takes as long as the cache would remember. */
  async function refusedWellBeforeTtl(request: () => Promise<Response>): Promise<void> {
    const deadline = Date.now() + CREDENTIAL_CACHE_TTL_MS / 2;
    for (;;) {
      const status = (await request()).status;
      if (status === 401) return;
      expect(status).toBe(200);
      if (Date.now() > deadline) throw new Error("still accepted: the other process did not forget it");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("a token revoked through one process stops working on the other", async () => {
    const { a, b } = servers;
    const { client: onA } = await signUp(a.baseUrl, "Ada");
    const created = await onA.request("/api/tokens", { json: { name: "script" } });
    const { id, token } = (await created.json()) as { id: string; token: string };
    const script = new HttpClient(b.baseUrl);
    const me = () => script.request("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);

    expect((await onA.request(`/api/tokens/${id}`, { method: "DELETE" })).status).toBe(204);
    await refusedWellBeforeTtl(me);
  });

  it("signing out on one process ends the session on the other", async () => {
    const { a, b } = servers;
    const { client: onA } = await signUp(a.baseUrl, "Grace");
    const onB = new HttpClient(b.baseUrl);
    onB.setCookie("tandem_session", onA.cookie("tandem_session")!);
    expect((await onB.request("/api/me")).status).toBe(200);

    expect((await onA.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    await refusedWellBeforeTtl(() => onB.request("/api/me"));
  });
});
