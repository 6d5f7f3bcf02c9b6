import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";
import { loadToasts, toastsWanted } from "../stores/notifier";

/** The toaster's code. React keeps a lazy component's failure: a failed one is dropped for a new try. */
let toaster: ComponentType | undefined;
function loadableToaster(): ComponentType {
  toaster ??= lazy(() => loadToasts().then(() => import("./Toaster").then((module) => ({ default: module.Toaster }))));
  return toaster;
}

/**
 * A toaster whose code could not load (offline before it was asked for, or a new version
 * deployed meanwhile) shows nothing instead of taking the app down with it, and tries again when
 * the browser is back online. (A toast asked for while the library could not load is not shown.)
 */
class ToasterLoader extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    toaster = undefined;
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
  return wanted ? <ToasterLoader /> : null;
}
