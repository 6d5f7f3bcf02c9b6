import dns from "node:dns";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { familyOfTwo } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { addTaskOverApi } from "../helpers/tasks.js";

/**
 * The household helpers work with no network (docs/shopping.md, docs/coupons.md): sorting the
 * list, suggestions, a recipe read from a pasted page full of outside addresses, the meal plan and
 * coupons never open a connection beyond this machine. The server runs in this process, so every
 * socket it opens and every name it looks up passes through the watch below.
 */
const LOCAL = new Set(["127.0.0.1", "::1", "localhost", "::ffff:127.0.0.1"]);
const outbound: string[] = [];
const originalConnect = net.Socket.prototype.connect;
const originalLookup = dns.lookup;

beforeAll(() => {
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // net.connect hands over its arguments already read, as an array: [options, callback].
    const [given, second] = args as [unknown, unknown];
    const first = Array.isArray(given) ? (given[0] as unknown) : given;
    const options = (typeof first === "object" && first !== null ? first : { port: first, host: second }) as {
      host?: string;
      path?: string;
    };
    if (!options.path && options.host !== undefined && !LOCAL.has(String(options.host)))
      outbound.push(`connect ${String(options.host)}`);
    return (originalConnect as (...inner: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  (dns as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) => {
    if (!LOCAL.has(hostname)) outbound.push(`lookup ${hostname}`);
    return (originalLookup as (...inner: unknown[]) => unknown)(hostname, ...rest);
  };
});
afterAll(() => {
  net.Socket.prototype.connect = originalConnect;
  (dns as { lookup: unknown }).lookup = originalLookup;
});

const RECIPE_PAGE = `<!doctype html><html><head>
<link rel="stylesheet" href="https://cdn.example-kitchen.com/style.css">
<script src="https://ads.example.net/tag.js"></script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Pancakes",
"image":"https://example-kitchen.com/pancakes.jpg","url":"https://example-kitchen.com/pancakes",
"recipeIngredient":["200 g flour","2 eggs","300 ml milk"],"recipeYield":"4",
"recipeInstructions":[{"@type":"HowToStep","text":"Mix.","url":"https://example-kitchen.com/step1"}]}</script>
</head><body><img src="https://example-kitchen.com/pixel.gif"></body></html>`;

describeEachDialect("household helpers without a network", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let family: string;

  beforeAll(async () => {
    ({ ada, family } = await familyOfTwo(context.server));
  });

  it("notices a connection beyond this machine (the watch itself works)", async () => {
    const before = outbound.length;
    // 192.0.2.0/24 is for documentation: nothing answers there, the attempt is what counts.
    const socket = net.connect({ host: "192.0.2.1", port: 9 });
    socket.on("error", () => {});
    socket.destroy();
    expect(outbound.slice(before)).toEqual(["connect 192.0.2.1"]);
    outbound.length = before;
  });

  it("sorts, suggests, imports a recipe, plans meals and handles coupons without opening one", async () => {
    const start = outbound.length;
    for (const title of ["2 lbs chicken breast", "Milk", "Kaffee"])
      await addTaskOverApi(ada, family, title, { category: "shopping" });
    const ok = async (response: Response) => {
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return response.json() as Promise<Record<string, unknown>>;
    };
    await ok(await ada.request(`/api/groups/${family}/shopping/organize`, { json: {} }));
    const store = await ok(await ada.request(`/api/groups/${family}/shopping/stores`, { json: { name: "Market" } }));
    await ok(await ada.request(`/api/groups/${family}/shopping/organize`, { json: { storeId: store.id } }));
    await ok(await ada.request(`/api/groups/${family}/shopping/suggestions`));

    const imported = await ok(
      await ada.request(`/api/groups/${family}/recipes/import`, { json: { text: RECIPE_PAGE } }),
    );
    const recipe = await ok(
      await ada.request(`/api/groups/${family}/recipes`, {
        json: { ...(imported.recipe as object), name: "Pancakes" },
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    await ok(
      await ada.request(`/api/groups/${family}/meal-plan/meals`, {
        json: { date: today, slot: "breakfast", recipeId: recipe.id },
      }),
    );
    await ok(await ada.request(`/api/groups/${family}/meal-suggestions?date=${today}`));
    await ok(await ada.request(`/api/groups/${family}/meal-plan/add-missing`, { json: { week: today } }));

    await ok(
      await ada.request(`/api/groups/${family}/coupons`, {
        json: {
          store: "Market",
          title: "Coffee 20 % off",
          productKeys: ["coffee"],
          discountKind: "percent",
          discountValue: 20,
          barcode: { format: "ean13", value: "4006381333931" },
        },
      }),
    );
    await ok(await ada.request(`/api/groups/${family}/coupon-analysis`));
    await ok(await ada.request(`/api/groups/${family}/coupon-analysis/match-shopping-list`, { json: {} }));

    expect(outbound.slice(start)).toEqual([]);
  });
});
