import { useEffect, useState } from "react";
import { isSubscribed, pushState, type PushState, turnOffPush, turnOnPush } from "../../offline/push";
import { toastPushDenied } from "../../offline/use-push-setup";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { notify } from "../../stores/notifier";
import { isMobileDevice } from "../../hooks/use-mobile";
import { messageServiceWorker } from "../../offline/service-worker";

/** Web push on this browser: whether it is on, and the one button that changes it. */
export function DevicePush({ pushEnabled }: { pushEnabled: boolean }) {
  const [state, setState] = useState<PushState>(pushState);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [working, setWorking] = useState(false);
  const issues = useMobileIssues();

  useEffect(() => {
    let current = true;
    void isSubscribed().then(
      (value) => current && setSubscribed(value),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [state]);

  async function turnOn() {
    setWorking(true);
    try {
      const result = await turnOnPush();
      setState(result);
      // Granted before (turned off and on again) leaves the state as it was: say it is on.
      if (result === "granted") setSubscribed(true);
      if (result === "denied") toastPushDenied();
      if (result === "granted") notify.success("Notifications are on for this device");
    } catch {
      notify.error("Service Worker Issue", {
        description: "Push notification setup failed. Please clear your browser cache and try again.",
      });
    } finally {
      setWorking(false);
    }
  }

  async function turnOff() {
    setWorking(true);
    try {
      await turnOffPush();
      setSubscribed(false);
    } finally {
      setWorking(false);
    }
  }

  const text =
    state === "unsupported"
      ? "This browser cannot receive push notifications; you see them while the app is open."
      : state === "denied"
        ? "The browser blocks notifications from this site. Allow them in the site settings of your browser, then come back here."
        : subscribed
          ? "On: notifications reach this device even when the app is closed."
          : "Off: you see notifications while the app is open.";

  return (
    <Section title="This device" description="Push notifications, for this browser only.">
      <div className="space-y-3">
        <p role="status">{text}</p>
        {issues.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        )}
        {!pushEnabled && state !== "unsupported" && (
          <p className="text-sm text-ink-muted">Push is switched off for your account under What to be told about.</p>
        )}
        {state !== "unsupported" && state !== "denied" && subscribed !== null && (
          <button
            type="button"
            className={subscribed ? buttonClass.secondary : buttonClass.primary}
            disabled={working}
            onClick={() => void (subscribed ? turnOff() : turnOn())}
          >
            {subscribed ? "Turn off on this device" : "Turn on for this device"}
          </button>
        )}
      </div>
    </Section>
  );
}

/**
 * On a phone, what keeps notifications from working there (spec CHECK_MOBILE_COMPATIBILITY, asked
 * of the service worker), with a toast naming the first ("Notifications on iOS/Android").
 */
function useMobileIssues(): string[] {
  const [issues, setIssues] = useState<string[]>([]);
  useEffect(() => {
    if (!isMobileDevice() || !navigator.serviceWorker?.controller) return;
    let current = true;
    const standalone = window.matchMedia("(display-mode: standalone)").matches;
    void messageServiceWorker({ type: "CHECK_MOBILE_COMPATIBILITY", standalone }).then(
      (reply) => {
        if (!current || reply.type !== "MOBILE_COMPATIBILITY_RESULTS" || reply.issues.length === 0) return;
        setIssues(reply.issues);
        const platform = /iPhone|iPad|iPod/.test(navigator.userAgent) ? "iOS" : "Android";
        notify.info(`Notifications on ${platform}`, { id: "mobile-compatibility", description: reply.issues[0] });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return issues;
}
