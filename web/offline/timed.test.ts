import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { withRetries, withTimeout } from "./timed";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("rejects with the given message when the promise takes longer than the timeout", async () => {
  const never = new Promise<never>(() => undefined);
  const result = withTimeout(never, 5_000, "Service worker response timeout");
  const assertion = expect(result).rejects.toThrow("Service worker response timeout");
  await vi.advanceTimersByTimeAsync(5_000);
  await assertion;
});

it("passes the answer on when it comes in time", async () => {
  const later = new Promise<string>((resolve) => setTimeout(() => resolve("PONG"), 4_999));
  const result = withTimeout(later, 5_000, "too slow");
  await vi.advanceTimersByTimeAsync(4_999);
  await expect(result).resolves.toBe("PONG");
});

it("tries again after a timeout, up to the number of tries, each with its own time", async () => {
  let calls = 0;
  // Ready only on the fourth ask: three tries of 5 s fail, five tries (a phone's) succeed.
  const ready = () => {
    calls += 1;
    return calls >= 4 ? Promise.resolve("ready") : new Promise<string>(() => undefined);
  };
  const desktop = withRetries(ready, { tries: 3, timeoutMs: 5_000, message: "Service worker ready state timed out" });
  const desktopAssertion = expect(desktop).rejects.toThrow("Service worker ready state timed out");
  await vi.advanceTimersByTimeAsync(14_999);
  expect(calls).toBe(3);
  await vi.advanceTimersByTimeAsync(1);
  await desktopAssertion;

  calls = 0;
  const phone = withRetries(ready, { tries: 5, timeoutMs: 15_000, message: "Service worker ready state timed out" });
  await vi.advanceTimersByTimeAsync(45_000);
  await expect(phone).resolves.toBe("ready");
  expect(calls).toBe(4);
});
