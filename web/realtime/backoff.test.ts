import fc from "fast-check";
import { expect, it } from "vitest";
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from "./backoff";

it("waits about a second first, doubling up to 30 s", () => {
  expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_BASE_MS);
  expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
  expect(reconnectDelay(3, () => 1)).toBe(8 * RECONNECT_BASE_MS);
  expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
});

it("stays between half and all of the capped exponential delay", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
      const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
      const delay = reconnectDelay(attempt, () => r);
      expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
      expect(delay).toBeLessThanOrEqual(ceiling);
    }),
  );
});
