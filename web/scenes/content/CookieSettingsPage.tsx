import { useState } from "react";
import { Link } from "react-router";
import { instanceConfig } from "../../api/instance-config";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useMe } from "../../hooks/use-me";
import { REGISTRATION_INFO_KEY } from "../../../domain/service-worker";
import { formatDateTime } from "../../../domain/time-format";
import { readConsent, saveConsent } from "../../stores/consent";
import { appTimeLocale } from "../../stores/time-locale";
import type * as ServiceWorkerModule from "../../offline/service-worker";

/** The registration code, once the visitor has allowed the offline app on this page. */
let registration: typeof ServiceWorkerModule | undefined;

/**
 * Settles once the worker has stopped installing (installed or gone), or after `ms`: until then
 * it goes on writing its downloads into caches, unregistered or not.
 */
function doneInstalling(worker: ServiceWorker, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state !== "installing" && worker.state !== "parsed") resolve();
    };
    worker.addEventListener("statechange", check);
    check();
    setTimeout(resolve, ms);
  });
}

async function deleteCaches(): Promise<number> {
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
  return names.length;
}

/**
 * Takes the offline app off this device: its service worker, its caches and its record. A worker
 * still installing goes on filling its caches after it is unregistered, so the caches go once it
 * has stopped, and again until none is left (a download answered just as they went).
 */
async function removeOfflineApp(): Promise<void> {
  // A registration begun a moment ago would otherwise land after the removal.
  await registration?.registrationSettled();
  if ("serviceWorker" in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const installing = registrations.flatMap((found) => (found.installing ? [found.installing] : []));
    await Promise.all(registrations.map((found) => found.unregister()));
    await Promise.all(installing.map((worker) => doneInstalling(worker, 30_000)));
  }
  if ("caches" in window) {
    for (let pass = 0; pass < 5 && (await deleteCaches()) > 0; pass += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  localStorage.removeItem(REGISTRATION_INFO_KEY);
  // Only if this page had loaded it: otherwise nothing was registered here.
  registration?.allowRegisteringAgain();
}

/** /cookie-settings: what is always kept, and the one thing that waits for the visitor's consent. */
export default function CookieSettingsPage() {
  const me = useMe();
  const [consent, setConsent] = useState(readConsent);
  const [saved, setSaved] = useState<string | null>(null);

  async function choose(offlineApp: boolean) {
    setConsent(saveConsent({ offlineApp }));
    if (offlineApp) {
      // Loaded when chosen: a visitor who never allows it never downloads the registration code.
      registration ??= await import("../../offline/service-worker");
      registration.registerServiceWorker();
      setSaved("Saved. The app is kept on this device and opens without a connection.");
    } else {
      // Quick, unless the worker is still downloading the app: removal waits for it to stop.
      setSaved("Removing the offline app from this device…");
      await removeOfflineApp();
      setSaved("Saved. The offline app and its files were removed from this device.");
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Cookie settings</h1>
        <p className="mt-3 text-lg text-ink-muted">
          {instanceConfig.name} sets no advertising or analytics cookies. What it keeps in your browser is listed in the{" "}
          <Link to="/cookie-policy" className="text-brand underline underline-offset-2">
            cookie policy
          </Link>
          ; here you decide the one part that is optional.
        </p>
      </header>

      <Section
        title="Your choice"
        description="Nothing optional is stored before you decide; change your mind here at any time."
      >
        {me ? (
          <p className="text-sm text-ink-muted">
            You are signed in, so the offline app is on: it is how your changes are kept on this device until they reach
            the server. Signing out removes your data from this device.
          </p>
        ) : (
          <Switch
            label="Keep the app on this device for offline use"
            description="Stores the app's own files (about 1 MB) with a service worker, so pages open without a connection. Nothing about you is in them."
            checked={consent?.offlineApp === true}
            onChange={(value) => void choose(value)}
          />
        )}
        <p role="status" className="mt-3 text-sm text-ink-muted">
          {saved ??
            (consent
              ? `Your choice from ${formatDateTime(consent.decidedAt, appTimeLocale())} is kept on this device.`
              : me
                ? ""
                : "You have not decided yet, so the offline app is off.")}
        </p>
      </Section>

      <Section title="Always on" description="Needed for what you asked for; none of it follows you elsewhere.">
        <ul className="list-disc space-y-2 pl-5 text-sm text-ink-muted">
          <li>
            <strong className="text-ink">Your session cookie</strong>, only while you are signed in: it is how the
            server knows it is you.
          </li>
          <li>
            <strong className="text-ink">Your theme</strong>, only once you choose light or dark.
          </li>
          <li>
            <strong className="text-ink">This choice</strong> (<code>cookieConsent</code> in local storage), so you are
            not asked again.
          </li>
          <li>
            <strong className="text-ink">Your lists and unsent changes</strong> (IndexedDB), only while you are signed
            in, so the app works without a connection.
          </li>
        </ul>
      </Section>
    </div>
  );
}
