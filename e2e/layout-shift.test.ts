import { beforeAll, describe, expect, inject, it } from "vitest";
import { signUp } from "../tests/helpers/sign-in";
import { layoutShiftOfLoad, type PageLayoutShift } from "./support/layout-shift";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
/** The goal for every page (bench/layout-shift.ts measures them all). */
const MOST = 0.05;
const PHONE = { width: 390, height: 844 };

const described = (result: PageLayoutShift) =>
  result.shifts.map((shift) => `${shift.value.toFixed(3)} ${shift.sources.join(" + ")}`).join("; ");

/**
 * Pages that moved while they loaded, on a phone over a slow network (what arrives after the first
 * render arrives late enough to move what is on screen): the sum of their layout shifts stays
 * within 0.05. Each was over it before (0.052 to 0.35).
 */
describe("pages hold still while they load", () => {
  const session = useBrowser();
  let cookie = "";

  beforeAll(async () => {
    const { client } = await signUp(baseUrl, "Still Page");
    cookie = client.cookie("tandem_session")!;
    // Something in each list the pages load: notifications and an API token.
    for (let i = 0; i < 4; i += 1)
      expect((await client.request("/api/notifications/test", { json: {} })).status).toBe(200);
    expect((await client.request("/api/tokens", { json: { name: "backup script" } })).status).toBe(201);
  });

  async function shiftOf(path: string, signedIn: boolean): Promise<PageLayoutShift> {
    const context = await session.newContext({ viewport: PHONE });
    if (signedIn) await context.addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
    return layoutShiftOfLoad(await context.newPage(), baseUrl + path, { throttled: true });
  }

  it.each(["/notifications", "/account-management"])("%s, signed in", async (path) => {
    const result = await shiftOf(path, true);
    expect(result.total, described(result)).toBeLessThanOrEqual(MOST);
  });

  it.each(["/ads-txt"])("%s, for a visitor", async (path) => {
    const result = await shiftOf(path, false);
    expect(result.total, described(result)).toBeLessThanOrEqual(MOST);
  });
});
