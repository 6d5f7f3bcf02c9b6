import { describe, expect, inject, it } from "vitest";
import { EMBED_BEACON_INTERVAL_MS } from "../domain/embed";
import { AppPage } from "./pages/app-page";
import { EmbedHostPage } from "./pages/embed-host-page";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const embedHostUrl = inject("embedHostUrl");
const appOrigin = new URL(baseUrl).origin;

describe("embedding", () => {
  const session = useBrowser();

  it("tells the embedding page it is alive and where it is, only from the app's origin", async () => {
    const host = new EmbedHostPage(await session.newPage(), embedHostUrl);
    await host.open(`${baseUrl}/about`);

    // The timing is the feature: a beacon every second, so two arrive within 3.5 s of the page loading.
    await host.waitForMessages(2, "app-beacon", { timeout: 3_500 });
    await host.waitForMessages(1, "app-pagechange", { pathname: "/about" });
    await host.waitForAppHeading("About Tandem");

    const received = await host.received();
    expect(
      received.every((message) => message.origin === appOrigin),
      JSON.stringify(received),
    ).toBe(true);
    const beacons = received.filter((message) => message.data?.type === "app-beacon");
    const times = beacons.map((message) => message.data?.timestamp ?? 0);
    expect(times[1]! - times[0]!, "beacons are about a second apart").toBeGreaterThanOrEqual(
      EMBED_BEACON_INTERVAL_MS * 0.8,
    );

    // Navigating inside the frame is reported too.
    await host.appFooterNavLink("Privacy policy").click();
    await host.waitForMessages(1, "app-pagechange", { pathname: "/privacy-policy" });
    const afterNavigation = await host.received();
    expect(afterNavigation.every((message) => message.origin === appOrigin)).toBe(true);
    const pageChanges = afterNavigation.filter((message) => message.data?.type === "app-pagechange");
    expect(pageChanges.at(-1)?.data?.pathname).toBe("/privacy-policy");
  });

  it("works normally when opened directly, without console errors", async () => {
    const page = await session.newPage();
    const errors = collectPageErrors(page);
    const app = new AppPage(page, baseUrl);
    await app.goto("/");
    await app.heading().waitFor();
    await app.mainNavLink("About").click();
    await expect.poll(() => app.headingText()).toBe("About Tandem");
    expect(errors).toEqual([]);
  });
});
