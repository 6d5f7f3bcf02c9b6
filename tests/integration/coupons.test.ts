import { beforeAll, expect, it } from "vitest";
import type { Coupon, CouponAnalysis, CouponList, ShoppingMatches } from "../../domain/coupons.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { addTaskOverApi } from "../helpers/tasks.js";

const EAN = "4006381333931";

/**
 * The digital-coupons module over HTTP (docs/coupons.md): Ada owns a family, Bob is in it, Eve
 * is not; every route answers Eve as for a group that does not exist.
 */
describeEachDialect("digital coupons", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let bob: HttpClient;
  let cara: HttpClient;
  let eve: HttpClient;
  let family: string;

  beforeAll(async () => {
    const owner = await signUp(context.server.baseUrl, "Ada Owner");
    const member = await signUp(context.server.baseUrl, "Bob Member");
    const third = await signUp(context.server.baseUrl, "Cara Member");
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Outsider"));
    ({ client: ada } = owner);
    ({ client: bob } = member);
    ({ client: cara } = third);
    // Made over the API, so it has the default categories ("shopping" among them).
    family = (
      await ok<{ id: string }>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }), 201)
    ).id;
    await context.server.database.db
      .insertInto("group_members")
      .values(
        [member.id, third.id].map((userId) => ({
          group_id: family,
          user_id: userId,
          role: "member" as const,
          joined_at: new Date().toISOString(),
        })),
      )
      .execute();
  });

  const url = (suffix = "") => `/api/groups/${family}/coupons${suffix}`;

  async function ok<T>(response: Response, status = 200): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }

  async function add(client: HttpClient, body: Record<string, unknown>): Promise<Coupon> {
    return ok<Coupon>(
      await client.request(url(), {
        json: {
          store: "Rewe",
          title: "Coffee 1 € off",
          discountKind: "amount",
          discountValue: 100,
          code: "SAVE1",
          ...body,
        },
      }),
      201,
    );
  }

  async function refused(response: Response, status: number, message?: RegExp): Promise<void> {
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(response.status, JSON.stringify(body)).toBe(status);
    if (message) expect(body.error.message).toMatch(message);
  }

  it("adds, lists by expiry, changes and deletes a coupon", async () => {
    const later = await add(ada, { title: "Later", expiresOn: "2099-12-31", barcode: { format: "ean13", value: EAN } });
    const sooner = await add(bob, {
      title: "Sooner",
      expiresOn: "2099-01-31",
      productKeys: ["coffee"],
      brand: "Lavazza",
      terms: "One per customer.\nNot with other offers.",
    });
    const never = await add(ada, { title: "Never" });
    expect(later).toMatchObject({ status: "active", myVote: null, canEdit: true, currency: "EUR" });
    expect(later.barcode).toEqual({ format: "ean13", value: EAN });

    const list = await ok<CouponList>(await bob.request(url()));
    expect(list.timeZone).toBe("UTC");
    expect(list.coupons.map((coupon) => coupon.title)).toEqual(["Sooner", "Later", "Never"]);
    expect(list.coupons.find((coupon) => coupon.id === later.id)?.canEdit).toBe(false);
    expect(list.coupons[0]!.daysLeft).toBeGreaterThan(0);
    expect(list.coupons[2]!.daysLeft).toBeNull();

    const changed = await ok<Coupon>(
      await bob.request(url(`/${sooner.id}`), { method: "PATCH", json: { title: "Sooner, changed", brand: "" } }),
    );
    expect(changed).toMatchObject({ title: "Sooner, changed", brand: null, productKeys: ["coffee"] });

    // Bob neither made Ada's coupon nor owns the group: 403, as for a task that is not theirs.
    await refused(await bob.request(url(`/${later.id}`), { method: "PATCH", json: { title: "Mine" } }), 403);
    await refused(await bob.request(url(`/${later.id}`), { method: "DELETE" }), 403);
    // The group's owner may delete anyone's coupon.
    expect((await ada.request(url(`/${sooner.id}`), { method: "DELETE" })).status).toBe(204);
    expect((await ada.request(url(`/${never.id}`), { method: "DELETE" })).status).toBe(204);
    await refused(await ada.request(url(`/${never.id}`), { method: "DELETE" }), 404, /Coupon not found/);
    expect((await ok<CouponList>(await ada.request(url()))).coupons.map((coupon) => coupon.title)).toEqual(["Later"]);
    expect((await ada.request(url(`/${later.id}`), { method: "DELETE" })).status).toBe(204);
  });

  it("keeps one changeable vote per member and shares the status it gives", async () => {
    const coupon = await add(ada, { title: "Milk" });
    const vote = (client: HttpClient, value: string) =>
      client.request(url(`/${coupon.id}/vote`), { method: "PUT", json: { vote: value } });

    expect((await ok<Coupon>(await vote(bob, "didnt_work"))).status).toBe("active");
    const flagged = await ok<Coupon>(await vote(cara, "didnt_work"));
    expect(flagged).toMatchObject({ status: "flagged", myVote: "didnt_work" });
    expect(flagged.votes).toEqual({ worked: 0, didnt_work: 2, expired: 0, used: 0 });
    // Bob changes his mind: one vote each, so the flag goes.
    expect((await ok<Coupon>(await vote(bob, "worked"))).status).toBe("active");
    await vote(bob, "expired");
    expect((await ok<Coupon>(await vote(cara, "expired"))).status).toBe("expired");
    const removed = await ok<Coupon>(await cara.request(url(`/${coupon.id}/vote`), { method: "DELETE" }));
    expect(removed).toMatchObject({ status: "active", myVote: null });
    await refused(await vote(bob, "maybe"), 400);

    const once = await add(ada, { title: "Once", singleUse: true });
    const used = await ok<Coupon>(
      await bob.request(url(`/${once.id}/vote`), { method: "PUT", json: { vote: "used" } }),
    );
    expect(used.status).toBe("used");
    const expired = await add(ada, { title: "Old", expiresOn: "2020-01-01" });
    expect(expired.status).toBe("expired");
    for (const id of [coupon.id, once.id, expired.id]) await ada.request(url(`/${id}`), { method: "DELETE" });
  });

  it("refuses odd dates, control characters, a wrong check digit and fields that do not fit", async () => {
    const base = { store: "Rewe", title: "x", discountKind: "amount", discountValue: 100, code: "A" };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ expiresOn: "2026-02-30" }, /real date/],
      [{ expiresOn: "0000-01-01" }, /real date/],
      [{ expiresOn: "10000-01-01" }, /real date/],
      [{ validFrom: "2026-13-01" }, /real date/],
      [{ title: "Coffee\u0007" }, /control character/],
      [{ store: "Re\nwe" }, /control character/],
      [{ barcode: { format: "ean13", value: "4006381333932" } }, /That EAN-13 number's check digit is wrong/],
      [{ barcode: { format: "upca", value: "12345" } }, /A UPC-A number has 12 digits/],
      [{ discountKind: "percent", discountValue: 120 }, /between 1 and 100/],
      [{ validFrom: "2026-05-01", expiresOn: "2026-04-01" }, /cannot expire before it starts/],
      [{ code: null }, /code or its barcode/],
      [{ title: "" }, /title/],
    ];
    for (const [change, message] of bad)
      await refused(await ada.request(url(), { json: { ...base, ...change } }), 400, message);

    const coupon = await add(ada, {});
    await refused(
      await ada.request(url(`/${coupon.id}`), { method: "PATCH", json: { expiresOn: "2026-02-29" } }),
      400,
      /real date/,
    );
    await refused(
      await ada.request(url(`/${coupon.id}`), { method: "PATCH", json: { code: null } }),
      400,
      /code or its barcode/,
    );
    await ada.request(url(`/${coupon.id}`), { method: "DELETE" });
  });

  it("answers a non-member 404 on every route", async () => {
    const coupon = await add(ada, {});
    const one = url(`/${coupon.id}`);
    const routes: [string, string, unknown?][] = [
      ["GET", url()],
      ["POST", url(), { store: "S", title: "T", discountKind: "bogo", code: "C" }],
      ["PATCH", one, { title: "Mine" }],
      ["DELETE", one],
      ["PUT", `${one}/vote`, { vote: "worked" }],
      ["DELETE", `${one}/vote`],
      ["GET", `/api/groups/${family}/coupon-analysis`],
      ["POST", `/api/groups/${family}/coupon-analysis/match-shopping-list`],
      [
        "POST",
        `/api/groups/${family}/coupon-analysis/match-shopping-list/confirm`,
        { couponId: coupon.id, itemKey: "milk", confirmed: true },
      ],
    ];
    for (const [method, path, json] of routes)
      await refused(await eve.request(path, { method, ...(json ? { json } : {}) }), 404, /Group not found/);
    // A coupon of another group is missing in this one.
    await refused(
      await ada.request(`/api/groups/${family}/coupons/nope`, { method: "DELETE" }),
      404,
      /Coupon not found/,
    );
    await ada.request(one, { method: "DELETE" });
  });

  it("counts savings from used votes, the value of active coupons and what expires", async () => {
    const amount = await add(ada, { store: "Rewe", discountKind: "amount", discountValue: 150 });
    const percent = await add(ada, { store: "Lidl", discountKind: "percent", discountValue: 20, typicalPrice: 500 });
    const unknown = await add(ada, { store: "Lidl", discountKind: "percent", discountValue: 10 });
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await add(ada, { title: "Soon", discountKind: "amount", discountValue: 50, expiresOn: soon });
    await add(ada, { title: "Gone", expiresOn: "2020-01-01" });
    for (const client of [ada, bob])
      await client.request(url(`/${amount.id}/vote`), { method: "PUT", json: { vote: "used" } });
    await bob.request(url(`/${percent.id}/vote`), { method: "PUT", json: { vote: "used" } });
    await bob.request(url(`/${unknown.id}/vote`), { method: "PUT", json: { vote: "used" } });

    const analysis = await ok<CouponAnalysis>(await cara.request(`/api/groups/${family}/coupon-analysis`));
    const month = new Date().toISOString().slice(0, 7);
    expect(analysis.saved).toEqual({ saved: 400, uses: 4, unknown: 1 });
    expect(analysis.byMonth).toEqual([{ month, saved: 400, uses: 4, unknown: 1 }]);
    expect(analysis.byStore).toEqual([
      { store: "Rewe", saved: 300, uses: 2, unknown: 0 },
      { store: "Lidl", saved: 100, uses: 2, unknown: 1 },
    ]);
    // Active: 150 + 100 + 50, the 10 % without a price unknown.
    expect(analysis.active).toEqual({ count: 4, value: 300, unknown: 1 });
    expect(analysis.expiringSoon.map((row) => [row.title, row.daysLeft])).toEqual([["Soon", 3]]);
    expect(analysis.expiredUnused.map((row) => row.title)).toEqual(["Gone"]);

    for (const coupon of (await ok<CouponList>(await ada.request(url()))).coupons)
      await ada.request(url(`/${coupon.id}`), { method: "DELETE" });
  });

  it("matches the shopping list's open items and remembers confirmed and rejected links", async () => {
    const coffee = await add(ada, { title: "Coffee deal", productKeys: ["coffee"] });
    const butter = await add(ada, { title: "Butter deal", productKeys: ["butter"] });
    const muller = await add(ada, { title: "Yoghurt deal", brand: "Müller" });
    await addTaskOverApi(ada, family, "2 packs Coffee", { category: "shopping" });
    await addTaskOverApi(ada, family, "Buttermilk", { category: "shopping" });
    await addTaskOverApi(ada, family, "Muller yoghurts", { category: "shopping" });
    await addTaskOverApi(ada, family, "Coffee with Grandma", { category: "other" });
    const done = await addTaskOverApi(ada, family, "Coffee filters", { category: "shopping" });
    await ada.request(`/api/tasks/${done.id}`, { method: "PATCH", json: { completed: true } });

    const match = async () =>
      ok<ShoppingMatches>(
        await bob.request(`/api/groups/${family}/coupon-analysis/match-shopping-list`, { method: "POST" }),
      );
    const first = await match();
    expect(first.items.map((item) => item.title)).toEqual(["2 packs Coffee", "Buttermilk", "Muller yoghurts"]);
    const [coffeeItem, buttermilk, yoghurt] = first.items;
    expect(coffeeItem!.matches).toEqual([expect.objectContaining({ couponId: coffee.id, confidence: "confident" })]);
    expect(yoghurt!.matches).toEqual([expect.objectContaining({ couponId: muller.id, confidence: "confident" })]);
    expect(buttermilk!.matches).toEqual([
      expect.objectContaining({ couponId: butter.id, confidence: "possible", confirmed: false }),
    ]);

    const confirm = (couponId: string, confirmed: boolean) =>
      bob.request(`/api/groups/${family}/coupon-analysis/match-shopping-list/confirm`, {
        json: { couponId, itemKey: buttermilk!.itemKey, confirmed },
      });
    expect((await confirm(butter.id, true)).status).toBe(200);
    expect((await match()).items[1]!.matches).toEqual([
      expect.objectContaining({ couponId: butter.id, confidence: "confident", confirmed: true }),
    ]);
    expect((await confirm(butter.id, false)).status).toBe(200);
    expect((await match()).items[1]!.matches).toEqual([]);
    await refused(await confirm("nope", true), 404, /Coupon not found/);
  });

  it("tells the group's other members' open pages of every change, and no one outside it", async () => {
    const [bobLive, eveLive] = await Promise.all([openLiveSocket(bob), openLiveSocket(eve)]);
    try {
      const changed = (message: Record<string, unknown>) =>
        message.type === "module.event" &&
        message.moduleId === "digital-coupons" &&
        message.event === "coupons.changed" &&
        message.groupId === family;
      const coupon = await add(ada, { title: "Live" });
      await bobLive.waitFor(changed);
      const before = bobLive.inbox.length;
      await ada.request(url(`/${coupon.id}/vote`), { method: "PUT", json: { vote: "worked" } });
      await bobLive.waitFor((message) => changed(message) && bobLive.inbox.indexOf(message) >= before);
      await ada.request(url(`/${coupon.id}`), { method: "DELETE" });
      expect(eveLive.inbox.some((message) => changed(message as Record<string, unknown>))).toBe(false);
    } finally {
      bobLive.socket.close();
      eveLive.socket.close();
    }
  });
});
