import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsSchema } from "./settings";

describe("settings", () => {
  it("has the defaults the schema fills in for a stored object without any setting", () => {
    expect(DEFAULT_SETTINGS).toEqual(settingsSchema.parse({}));
  });

  it("fills in what an older stored object lacks and keeps what it has", () => {
    expect(settingsSchema.parse({ showConfetti: false })).toEqual({ ...DEFAULT_SETTINGS, showConfetti: false });
  });
});
