import { describe, expect, it } from "vitest";
import { compatibilityIssues, isMobileUserAgent } from "./mobile-compatibility";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const ANDROID_WEBVIEW =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const everything = { standalone: false, pushManager: true, notifications: true, backgroundSync: true };

describe("device compatibility", () => {
  it("finds nothing on a desktop Chrome or Android Chrome with every feature", () => {
    expect(compatibilityIssues({ ...everything, userAgent: DESKTOP })).toEqual([]);
    expect(compatibilityIssues({ ...everything, userAgent: ANDROID_CHROME })).toEqual([]);
  });

  it("tells iPhone users to add the app to the Home Screen, until they have", () => {
    const safari = {
      userAgent: IPHONE,
      standalone: false,
      pushManager: false,
      notifications: false,
      backgroundSync: false,
    };
    expect(compatibilityIssues(safari)[0]).toMatch(/Add to Home Screen/);
    const installed = compatibilityIssues({ ...safari, standalone: true, pushManager: true, notifications: true });
    expect(installed.join(" ")).not.toMatch(/Home Screen/);
    expect(installed).toEqual([expect.stringMatching(/when you next open the app/)]);
  });

  it("names what a browser lacks, and an Android in-app browser", () => {
    expect(compatibilityIssues({ ...everything, userAgent: DESKTOP, pushManager: false })).toEqual([
      expect.stringMatching(/cannot receive push notifications/),
    ]);
    expect(compatibilityIssues({ ...everything, userAgent: ANDROID_WEBVIEW })).toEqual([
      expect.stringMatching(/open Tandem in Chrome/),
    ]);
  });

  it("recognises mobile user agents", () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID_CHROME)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });
});
