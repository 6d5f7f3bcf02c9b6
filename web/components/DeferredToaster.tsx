import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { loadToasts, toastsWanted } from "../stores/notifier";

const Toaster = lazy(() =>
  loadToasts().then(() => import("./Toaster").then((module) => ({ default: module.Toaster }))),
);

/**
 * The toaster, loaded once the page has rendered and the browser is idle, or at the first toast
 * (web/stores/notifier.ts): the toast library stays out of the JavaScript a page needs first.
 */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  useEffect(() => {
    if (wanted) return;
    const load = () => void loadToasts().catch(() => undefined);
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(load, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
