import { afterAll, beforeAll, expect, it } from "vitest";
import sharp from "sharp";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** A photo as a phone would send it: JPEG with EXIF metadata, including where it was taken. */
function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366cc" } })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Snap 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg()
    .toBuffer();
}

describeEachDialect("profiles and avatars", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: { client: HttpClient; id: string };
  let grace: { client: HttpClient; id: string };
  let mallory: { client: HttpClient; id: string };

  const upload = (client: HttpClient, body: Buffer, type: string) =>
    fetch(`${context.server.baseUrl}/api/profile/avatar`, {
      method: "PUT",
      headers: {
        "content-type": type,
        cookie: `tandem_session=${client.cookie("tandem_session")}`,
        origin: context.server.baseUrl,
      },
      body: new Uint8Array(body),
    });

  beforeAll(async () => {
    ada = await signUp(context.server.baseUrl, "Ada");
    grace = await signUp(context.server.baseUrl, "Grace");
    mallory = await signUp(context.server.baseUrl, "Mallory");
    await createSharedGroup(context.server.database.db, { ownerId: ada.id, memberIds: [grace.id] });
  });

  it("lets a user edit their display name, time zone and language, and refuses invalid values", async () => {
    const changed = await ada.client.request("/api/profile", {
      method: "PATCH",
      json: { displayName: "  Ada L.  ", timeZone: "Europe/London", locale: "en-GB" },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ displayName: "Ada L.", timeZone: "Europe/London", locale: "en-GB" });
    expect(await (await ada.client.request("/api/me")).json()).toMatchObject({ name: "Ada L." });

    for (const body of [{ timeZone: "Mars/Olympus" }, { locale: "not a locale!" }, { displayName: "" }]) {
      const refused = await ada.client.request("/api/profile", { method: "PATCH", json: body });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
    expect(await (await ada.client.request("/api/profile")).json()).toMatchObject({
      displayName: "Ada L.",
      timeZone: "Europe/London",
    });
  });

  it("shows members of a shared group name and avatar only, and strangers nothing (404)", async () => {
    const seen = await grace.client.request(`/api/profiles/${ada.id}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ userId: ada.id, displayName: "Ada L.", avatarUrl: null });

    const own = await ada.client.request(`/api/profiles/${ada.id}`);
    expect(await own.json()).toMatchObject({ email: "ada@example.org", timeZone: "Europe/London" });

    for (const id of [ada.id, "00000000-0000-0000-0000-000000000000"]) {
      const hidden = await mallory.client.request(`/api/profiles/${id}`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ error: { code: "not_found", message: "Profile not found" } });
    }
  });

  it("re-encodes an uploaded photo into a small WebP without its metadata", async () => {
    const photo = await photoWithLocation();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(ada.client, photo, "image/jpeg");
    expect(response.status, await response.clone().text()).toBe(200);
    const { avatarUrl } = (await response.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(new RegExp(`^/api/profiles/${ada.id}/avatar\\?v=\\d+$`));

    const image = await grace.client.request(avatarUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await image.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);

    expect((await mallory.client.request(avatarUrl)).status).toBe(404);
    expect(await (await grace.client.request(`/api/profiles/${ada.id}`)).json()).toMatchObject({ avatarUrl });
  });

  it("refuses files that are not JPEG, PNG or WebP, and files that are too large, keeping the avatar", async () => {
    const before = ((await (await ada.client.request("/api/profile")).json()) as { avatarUrl: string }).avatarUrl;
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
    );
    for (const [body, type] of [
      [html, "image/png"],
      [gif, "image/gif"],
      [svg, "image/svg+xml"],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), "image/jpeg"],
    ] as const) {
      const refused = await upload(ada.client, body, type);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({ error: { code: "unsupported_media_type", message: "Invalid file type" } });
    }
    const tooLarge = await upload(ada.client, Buffer.alloc(5 * 1024 * 1024 + 1), "image/png");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: { code: "payload_too_large", message: "File too large" } });
    expect(await (await ada.client.request("/api/profile")).json()).toMatchObject({ avatarUrl: before });
  });

  it("removes the avatar", async () => {
    const { avatarUrl } = (await (await ada.client.request("/api/profile")).json()) as { avatarUrl: string };
    const removed = await ada.client.request("/api/profile/avatar", { method: "DELETE" });
    expect(await removed.json()).toMatchObject({ avatarUrl: null });
    expect((await ada.client.request(avatarUrl)).status).toBe(404);
  });

  it("accepts a 3 MB photo (above the general 1 MiB body limit) and refuses a decompression bomb", async () => {
    // Random pixels do not compress: this PNG is about 3 MB.
    const noise = Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256)));
    const large = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(1024 * 1024 * 2);
    expect((await upload(ada.client, large, "image/png")).status).toBe(200);

    // 16000 x 4000 pixels of one colour: a small file that would decode to 192 MB (limit: 50 megapixels).
    const bomb = await sharp({ create: { width: 16_000, height: 4_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const refused = await upload(ada.client, bomb, "image/png");
    expect(refused.status).toBe(415);
  });

  it("renames the personal group along with the display name, unless the user named it otherwise", async () => {
    const personal = () =>
      context.server.database.db
        .selectFrom("groups")
        .select(["id", "name"])
        .where("owner_id", "=", grace.id)
        .where("type", "=", "personal")
        .executeTakeFirstOrThrow();
    expect((await personal()).name).toBe("Grace's Task Manager");
    await grace.client.request("/api/profile", { method: "PATCH", json: { displayName: "Amazing Grace" } });
    expect((await personal()).name).toBe("Amazing Grace's Task Manager");

    const { id } = await personal();
    await context.server.database.db
      .updateTable("groups")
      .set({ name: "Grace's lists" })
      .where("id", "=", id)
      .execute();
    await grace.client.request("/api/profile", { method: "PATCH", json: { displayName: "Grace H." } });
    expect((await personal()).name).toBe("Grace's lists");
  });
});
