import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";
import { loadToasts, toastsWanted } from "../stores/notifier";

/** The toaster's code. React keeps a lazy component's failure: a failed one is dropped for a new try. */
let toaster: ComponentType | undefined;
function loadableToaster(): ComponentType {
  toaster ??= lazy(() =>
    loadToasts()
      .then(() => import("./Toaster").then((module) => ({ default: module.Toaster })))
      .catch((error: unknown) => {
        toaster = undefined;
        throw error;
      }),
  );
  return toaster;
}

/**
 * A toaster whose code could not load (offline before it was asked for, or a new version
 * deployed meanwhile) shows nothing instead of taking the app down with it, and tries again when
 * the browser is back online. (A toast asked for while the library could not load is not shown.)
 * A failed toast library unmounts this altogether (it is not wanted until the next try); a failed
 * toaster with the library in is retried here.
 */
class ToasterLoader extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    window.addEventListener("online", this.retry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }

  retry = () => this.setState({ failed: false });

  override render() {
    if (this.state.failed) return null;
    const Toaster = loadableToaster();
    return (
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    );
  }
}

/** Whether the idle load was tried: once per page, so a device offline does not try in a loop. */
let idleLoadTried = false;

/**
 * The toaster, loaded once the page has rendered and the browser is idle, or at the first toast
 * (web/stores/notifier.ts): the toast library stays out of the JavaScript a page needs first.
 * When the library failed to load, the next toast or the browser coming back online tries again.
 */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  useEffect(() => {
    if (wanted) return;
    const load = () => void loadToasts().catch(() => undefined);
    window.addEventListener("online", load);
    const stop = () => window.removeEventListener("online", load);
    if (idleLoadTried) return stop;
    // Marked when it runs, not when planned: a plan cancelled by an unmount is made again.
    const idleLoad = () => {
      idleLoadTried = true;
      load();
    };
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(idleLoad, 1_000);
      return () => (stop(), clearTimeout(timer));
    }
    const idle = requestIdleCallback(idleLoad, { timeout: 5_000 });
    return () => (stop(), cancelIdleCallback(idle));
  }, [wanted]);
  return wanted ? <ToasterLoader /> : null;
}
