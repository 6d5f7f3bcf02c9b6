/** A mobile user agent, or touch with a window narrower than 768 px. */
export function isMobileDevice(): boolean {
  if (typeof navigator === "undefined") return false;
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent)) return true;
  return navigator.maxTouchPoints > 0 && window.innerWidth < 768;
}

/** The task's page: the phone layout on a mobile device. */
export function taskPath(id: string, mobile = isMobileDevice()): string {
  return `${mobile ? "/mobile-task-detail-page" : "/task-detail-page"}?id=${encodeURIComponent(id)}`;
}
