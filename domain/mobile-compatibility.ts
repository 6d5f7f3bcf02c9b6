/**
 * What keeps notifications or offline sync from working on this device (spec
 * CHECK_MOBILE_COMPATIBILITY → MOBILE_COMPATIBILITY_RESULTS {issues}). The service worker answers
 * with these, the push setup shows the first one. Pure: the caller says what it found.
 */
export interface DeviceCapabilities {
  userAgent: string;
  /** Opened from the home screen / as an installed app. */
  standalone: boolean;
  pushManager: boolean;
  notifications: boolean;
  backgroundSync: boolean;
}

/** A mobile user agent (touch + narrow width is checked in the page, which knows the screen). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini|IEMobile/i.test(userAgent);
}

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

export function compatibilityIssues(device: DeviceCapabilities): string[] {
  const issues: string[] = [];
  const ios = isIos(device.userAgent);
  if (ios && !device.standalone) {
    issues.push(
      "On iPhone and iPad, notifications work only for apps on the Home Screen: tap Share, then Add to Home Screen, and open Tandem from there.",
    );
  } else if (!device.pushManager) {
    issues.push("This browser cannot receive push notifications; updates arrive while the app is open.");
  }
  if (!device.notifications) issues.push("This browser cannot show notifications.");
  if (!device.backgroundSync) {
    issues.push(
      "Changes made offline are sent when you next open the app (this browser cannot sync in the background).",
    );
  }
  if (/Android/.test(device.userAgent) && /; wv\)/.test(device.userAgent)) {
    issues.push("Opened inside another app: open Tandem in Chrome to install it and get notifications.");
  }
  return issues;
}
