import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group } from "../../domain/groups.js";
import { COMPRESSION_THRESHOLD_BYTES } from "../../server/plugins/response-compression.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** A GET with exactly these headers (fetch would ask for compression and undo it on its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describeEachDialect("compressed API answers", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let cookie: string;
  let groupId: string;
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawGet(`${context.server.baseUrl}${path}`, { cookie, ...headers });

  beforeAll(async () => {
    const { client } = await signUpConfirmed(context.server, "Ada");
    cookie = `tandem_session=${client.cookie("tandem_session")!}`;
    groupId = ((await (await client.request("/api/groups")).json()) as Group[])[0]!.id;
    for (let i = 1; i <= 50; i += 1) {
      const created = await client.request("/api/tasks", {
        json: { groupId, title: `Task number ${i}`, priority: i % 3 === 0 ? "high" : "medium" },
      });
      expect(created.status).toBe(201);
    }
  });

  // Every task the user sees, and the group's list as changes since 0: both serialised per request.
  describe.each(["/api/tasks", "/__group__/tasks?since=0"])("a list of 50 tasks (%s)", (template) => {
    const path = () => template.replace("/__group__", `/api/groups/${groupId}`);

    it.each(["br", "gzip"] as const)(
      "comes %s-encoded to a client that takes it, and decodes to the same JSON",
      async (encoding) => {
        const plain = await get(path());
        expect(plain.status).toBe(200);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        const tasks = JSON.parse(plain.body.toString("utf8")) as unknown;
        expect(JSON.stringify(tasks)).toContain("Task number 50");

        const compressed = await get(path(), { "accept-encoding": encoding });
        expect(compressed.status).toBe(200);
        expect(compressed.headers["content-encoding"]).toBe(encoding);
        expect(compressed.headers["content-type"]).toMatch(/^application\/json/);
        expect(compressed.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(compressed.headers["content-length"])).toBe(compressed.body.length);
        expect(compressed.body.length).toBeLessThan(plain.body.length / 4);
        expect(JSON.parse(decode[encoding](compressed.body).toString("utf8"))).toEqual(tasks);
      },
    );

    it("prefers Brotli when both are taken, and sends plain JSON when neither is acceptable", async () => {
      expect((await get(path(), { "accept-encoding": "gzip, deflate, br" })).headers["content-encoding"]).toBe("br");
      expect((await get(path(), { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
      const refused = await get(path(), { "accept-encoding": "identity, br;q=0, gzip;q=0" });
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(refused.body.toString("utf8"))).toBeTruthy();
    });
  });

  it("sends a small answer as it is: compressing it would cost more than it saves", async () => {
    const small = await get("/api/settings", { "accept-encoding": "br, gzip" });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toBeTruthy();
  });
});
