import { afterEach, describe, expect, it, vi } from "vitest";

/** A page's globals, enough for connectivity.ts: the window's events, the online flag, fetch. */
function fakePage(fetchAnswers: ("fails" | "answers")[]) {
  const window = new EventTarget();
  const navigator = { onLine: false };
  const fetch = vi.fn(async () => {
    if (fetchAnswers.shift() === "fails") throw new TypeError("Failed to fetch");
    return new Response(null, { status: 200 });
  });
  vi.stubGlobal("window", window);
  vi.stubGlobal("navigator", navigator);
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener() {} });
  vi.stubGlobal("fetch", fetch);
  return { window, navigator, fetch };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("connectivity when the network comes back", () => {
  it("asks again within seconds when the first ask after the online event does not get through", async () => {
    vi.useFakeTimers();
    const page = fakePage(["fails", "answers"]);
    const connectivity = await import("./connectivity");
    const told: boolean[] = [];
    connectivity.onConnectivityChange((online) => told.push(online));
    connectivity.watchConnectivity();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connectivity.isOnline()).toBe(false);

    // The flag comes a moment before requests get through: the first ask fails.
    page.navigator.onLine = true;
    page.window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.fetch).toHaveBeenCalledTimes(1);
    // Asked again 1 s later, online 1 s after that: well before the regular ask 30 s away.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(page.fetch).toHaveBeenCalledTimes(2);
    expect(told).toEqual([true]);
    expect(connectivity.isOnline()).toBe(true);
  });
});
