/**
 * "Firefox on Windows" from a User-Agent header, for the list of signed-in browsers. Order
 * matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS browsers also say Mac.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/(?:\b|Headless)Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // Scripts and command-line tools: show their own name, shortened.
  return userAgent.split(/[\s/]/)[0]!.slice(0, 40) || "Unknown browser";
}

/** The operating system a User-Agent names ("iOS", "Android", …), or "Unknown". */
export function platformOf(userAgent: string | null | undefined): string {
  return (userAgent && SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]) || "Unknown";
}
