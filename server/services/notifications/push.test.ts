import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint } from "./push.js";

describe("push endpoints the server may post to", () => {
  it("takes the public push services' https addresses", () => {
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", "public")).toBe(true);
    expect(isAllowedPushEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x", "public")).toBe(true);
    expect(isAllowedPushEndpoint("https://8.8.8.8/push", "public")).toBe(true);
  });

  it("refuses plain http, and the private network unless PUSH_ENDPOINTS=any", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://localhost/push",
      "https://localhost./push",
      "https://LOCALHOST/push",
      "https://127.0.0.1:3000/api/admin",
      "https://10.1.2.3/push",
      "https://192.168.1.10/push",
      "https://172.20.0.5/push",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/push",
      "https://[fd00::1]/push",
      "not a url",
      "file:///etc/passwd",
    ])
      expect(isAllowedPushEndpoint(endpoint, "public"), endpoint).toBe(false);
    expect(isAllowedPushEndpoint("https://127.0.0.1:3000/push", "any")).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:3000/push", "any")).toBe(false);
  });
});
