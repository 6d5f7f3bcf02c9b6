import { expect, it } from "vitest";
import { CONTACT_RATE_LIMIT } from "../../server/routes/contact/contact.js";
import { SIGN_IN_LIMITS } from "../../server/plugins/identity-provider/index.js";
import { describePostgres } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { useTwoServers } from "../helpers/server.js";

/**
 * The limits that slow down guessing and abuse count for all server processes on one database
 * together: an attacker who spreads requests over the processes behind a load
 * balancer gets no more tries than against one. PostgreSQL only: SQLite runs as one process.
 */
describePostgres("security rate limits across two server processes", () => {
  const servers = useTwoServers();

  it("limits the contact form per address over both processes", async () => {
    const { a, b } = servers;
    const send = (baseUrl: string) =>
      fetch(`${baseUrl}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({
          name: "Rosa Reader",
          email: "rosa@example.org",
          subject: "Hello",
          message: "Just saying hello to the people who run this.",
        }),
      });
    const statuses: number[] = [];
    for (let sent = 0; sent <= CONTACT_RATE_LIMIT.max; sent += 1) {
      statuses.push((await send(sent % 2 === 0 ? a.baseUrl : b.baseUrl)).status);
    }
    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT.max).fill(202), 429]);
  });

  it("counts password tries for one account over both processes", async () => {
    const { a, b } = servers;
    // The limit counts before the sign-in step is looked up: tries at an unknown step count too
    // (410), which keeps this test free of password hashing.
    const attempt = (baseUrl: string) =>
      new HttpClient(baseUrl).request("/oidc/interaction/no-such-step/login", {
        json: { email: "victim@example.org", password: "guess" },
      });
    const statuses: number[] = [];
    for (let tried = 0; tried <= SIGN_IN_LIMITS.perAddressAndAccount; tried += 1) {
      statuses.push((await attempt(tried % 2 === 0 ? a.baseUrl : b.baseUrl)).status);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_LIMITS.perAddressAndAccount).fill(410), 429]);
  });
});
