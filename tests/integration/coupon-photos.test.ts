import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { type Coupon, COUPON_MESSAGES, type CouponList } from "../../domain/coupons.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/**
 * A coupon's photo over HTTP (docs/coupons.md, "A coupon's photo"), and what an attacker would
 * try with it: Ada owns the family and adds the coupons, Bob is a member, Eve is in another group.
 */
describeEachDialect("coupon photos", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let bob: HttpClient;
  let eve: HttpClient;
  let family: string;
  let eveGroup: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    const owner = await signUp(context.server.baseUrl, "Ada Photos");
    const member = await signUp(context.server.baseUrl, "Bob Photos");
    const outsider = await signUp(context.server.baseUrl, "Eve Photos");
    ({ client: ada } = owner);
    ({ client: bob } = member);
    ({ client: eve } = outsider);
    family = await createSharedGroup(context.server.database.db, { ownerId: owner.id, memberIds: [member.id] });
    eveGroup = await createSharedGroup(context.server.database.db, { ownerId: outsider.id, memberIds: [] });
    jpeg = await picture(320, 200).jpeg().toBuffer();
  });

  const couponsUrl = (groupId = family) => `/api/groups/${groupId}/coupons`;
  const photoUrl = (couponId: string, groupId = family) => `${couponsUrl(groupId)}/${couponId}/photo`;

  async function ok<T>(response: Response, status = 200): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }

  async function refused(response: Response, status: number, code: string, message?: string): Promise<void> {
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(body.error.code).toBe(code);
    if (message) expect(body.error.message).toBe(message);
  }

  const addCoupon = async (client: HttpClient, groupId = family) =>
    ok<Coupon>(
      await client.request(couponsUrl(groupId), {
        json: { store: "Rewe", title: "Coffee 1 € off", discountKind: "amount", discountValue: 100, code: "SAVE1" },
      }),
      201,
    );

  const upload = (client: HttpClient, couponId: string, body: Uint8Array | string, type = "image/jpeg") =>
    client.request(photoUrl(couponId), { method: "PUT", body, headers: { "content-type": type } });

  const photoOf = async (client: HttpClient, couponId: string) =>
    (await ok<CouponList>(await client.request(couponsUrl()))).coupons.find((coupon) => coupon.id === couponId)!
      .photoUrl;

  it("attaches a photo that every member sees, replaces it, removes it, and deletes it with its coupon", async () => {
    const coupon = await addCoupon(ada);
    expect(coupon.photoUrl).toBeNull();

    // The client's Content-Type decides nothing: the bytes are a JPEG.
    const withPhoto = await ok<Coupon>(await upload(ada, coupon.id, jpeg, "application/octet-stream"));
    expect(withPhoto.photoUrl).toMatch(new RegExp(`^/api/groups/${family}/coupons/${coupon.id}/photo\\?v=\\d+$`));
    expect(await photoOf(bob, coupon.id)).toBe(withPhoto.photoUrl);

    const seen = await bob.request(withPhoto.photoUrl!);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/jpeg");
    expect(seen.headers.get("x-content-type-options")).toBe("nosniff");
    expect(seen.headers.get("cache-control")).toMatch(/^private/);
    expect(seen.headers.get("content-security-policy")).toContain("default-src 'none'");
    const shown = await sharp(Buffer.from(await seen.arrayBuffer())).metadata();
    expect([shown.format, shown.width, shown.height]).toEqual(["jpeg", 320, 200]);

    // A new photo is a new address (a kept copy of the old one is never shown) and its own type.
    const png = await picture(40, 60).png().toBuffer();
    const replaced = await ok<Coupon>(await upload(ada, coupon.id, png, "image/jpeg"));
    expect(replaced.photoUrl).not.toBe(withPhoto.photoUrl);
    const second = await bob.request(replaced.photoUrl!);
    expect(second.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await second.arrayBuffer())).metadata()).width).toBe(40);

    const webp = await picture(30, 30).webp().toBuffer();
    const third = await ok<Coupon>(await upload(ada, coupon.id, webp, "image/webp"));
    expect((await bob.request(third.photoUrl!)).headers.get("content-type")).toBe("image/webp");

    const removed = await ok<Coupon>(await ada.request(photoUrl(coupon.id), { method: "DELETE" }));
    expect(removed.photoUrl).toBeNull();
    await refused(await bob.request(photoUrl(coupon.id)), 404, "not_found", COUPON_MESSAGES.photoNotFound);

    await ok<Coupon>(await upload(ada, coupon.id, jpeg));
    expect((await ada.request(`${couponsUrl()}/${coupon.id}`, { method: "DELETE" })).status).toBe(204);
    const left = await context.server.database.db
      .selectFrom("coupon_photos")
      .select("coupon_id")
      .where("coupon_id", "=", coupon.id)
      .execute();
    expect(left).toEqual([]);
    await refused(await ada.request(photoUrl(coupon.id)), 404, "not_found", COUPON_MESSAGES.notFound);
  });

  it("keeps the picture and drops the camera's metadata (its GPS position)", async () => {
    const coupon = await addCoupon(ada);
    const withExif = await picture(64, 48)
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await ok<Coupon>(await upload(ada, coupon.id, withExif));
    const served = Buffer.from(await (await bob.request(stored.photoUrl!)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([64, 48, undefined]);
    expect(served.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("refuses what is not a JPEG, PNG or WebP photo, whatever its name or type says, keeping the photo", async () => {
    const coupon = await addCoupon(ada);
    const kept = (await ok<Coupon>(await upload(ada, coupon.id, jpeg))).photoUrl;
    const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(document.cookie)</script></svg>';
    const gif = await picture(8, 8).gif().toBuffer();
    // JPEG's first bytes, then a page: the magic bytes pass, the decoding does not.
    const jpegThenHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]);
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    for (const [body, type] of [
      [html, "image/jpeg"],
      [svg, "image/jpeg"],
      [svg, "image/svg+xml"],
      [html, "text/html"],
      [gif, "image/gif"],
      [jpegThenHtml, "image/jpeg"],
      [pngHead, "image/png"],
    ] as const) {
      await refused(await upload(ada, coupon.id, body, type), 415, "unsupported_media_type", COUPON_MESSAGES.photoType);
    }
    await refused(await upload(ada, coupon.id, ""), 400, "validation_failed", COUPON_MESSAGES.photoMissing);
    expect(await photoOf(ada, coupon.id)).toBe(kept);
    const served = await ada.request(kept!);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a photo over 2 MB, and a small file that decodes to a huge bitmap", async () => {
    const coupon = await addCoupon(ada);
    for (const size of [2 * 1024 * 1024 + 1, 20 * 1024 * 1024]) {
      const body = Buffer.alloc(size);
      jpeg.copy(body);
      await refused(await upload(ada, coupon.id, body), 413, "payload_too_large", COUPON_MESSAGES.photoTooLarge);
    }
    // 7000 × 6000 pixels of one colour: a few kilobytes of PNG, 126 MB once decoded.
    const bomb = await picture(7000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await refused(await upload(ada, coupon.id, bomb, "image/png"), 415, "unsupported_media_type");
    expect(await photoOf(ada, coupon.id)).toBeNull();
  });

  it("answers the photo's routes to its group's members only, its editors' writes only, and same-site writes only", async () => {
    const coupon = await addCoupon(ada);
    const kept = (await ok<Coupon>(await upload(ada, coupon.id, jpeg))).photoUrl!;
    const png = await picture(8, 8).png().toBuffer();

    // Someone else's group: as if it did not exist, for every way in.
    await refused(await upload(eve, coupon.id, png), 404, "not_found", "Group not found");
    await refused(await eve.request(kept), 404, "not_found", "Group not found");
    await refused(await eve.request(photoUrl(coupon.id), { method: "DELETE" }), 404, "not_found", "Group not found");
    // Eve's own group with the family's coupon id: no such coupon there.
    const evePath = photoUrl(coupon.id, eveGroup);
    await refused(await eve.request(evePath), 404, "not_found", COUPON_MESSAGES.notFound);
    await refused(
      await eve.request(evePath, { method: "PUT", body: png, headers: { "content-type": "image/png" } }),
      404,
      "not_found",
      COUPON_MESSAGES.notFound,
    );
    // A member who did not add it may look, not change: as for the coupon itself.
    expect((await bob.request(kept)).status).toBe(200);
    await refused(await upload(bob, coupon.id, png), 403, "forbidden", COUPON_MESSAGES.creatorOrOwnerOnly);
    await refused(await bob.request(photoUrl(coupon.id), { method: "DELETE" }), 403, "forbidden");

    // No credentials: 401 before the body is read, however large it is.
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", Buffer.alloc(3 * 1024 * 1024)],
      ["DELETE", undefined],
    ] as const) {
      const response = await fetch(new URL(photoUrl(coupon.id), context.server.baseUrl), {
        method,
        headers: body ? { "content-type": "image/jpeg", origin: context.server.baseUrl } : {},
        body,
      });
      await refused(response, 401, "unauthorized");
    }

    // Another site's page posting with Ada's cookie: refused, the photo kept.
    for (const method of ["PUT", "DELETE"]) {
      await refused(
        await ada.request(photoUrl(coupon.id), {
          method,
          body: method === "PUT" ? png : undefined,
          headers: { "content-type": "image/png", origin: "https://evil.example" },
        }),
        403,
        "forbidden",
        "Cross-site request refused",
      );
    }
    expect(await photoOf(ada, coupon.id)).toBe(kept);

    // Odd ids are refused or missing, never a crash.
    await refused(await ada.request(`${couponsUrl()}/%00/photo`), 400, "validation_failed");
    await refused(await ada.request(`${couponsUrl()}/..%2F..%2Fgroups/photo`), 404, "not_found");
  });
});
