import type { ExternalToast, toast as sonnerToast } from "sonner";
import {
  CORE_ERROR_TOAST_POLICY,
  decideToast,
  ERROR_TOAST_POLICY,
  initialThrottleState,
  type ThrottlePolicy,
} from "../../domain/toast-throttle";

/** Error toasts that are shown stay until closed; notification toasts last 5 s. */
const ERROR_DURATION_MS = 8_000;

function throttled(policy: ThrottlePolicy) {
  let state = initialThrottleState(policy);
  return (message: string, show: () => void) => {
    const decision = decideToast(policy, state, message, Date.now());
    state = decision.state;
    if (decision.show) show();
    return decision.show;
  };
}

const errorGate = throttled(ERROR_TOAST_POLICY);
const coreErrorGate = throttled(CORE_ERROR_TOAST_POLICY);

type Toast = typeof sonnerToast;

/**
 * The toast library loads after the first render (web/components/DeferredToaster.tsx asks for
 * it when the browser is idle), or at the first toast: no page needs it to show itself, and it is
 * about a tenth of the first load's JavaScript. A toast asked for before then shows once it is
 * in; the toaster, when it mounts, shows every toast made before it.
 */
let loaded: Toast | undefined;
let loading: Promise<Toast> | undefined;
const wantListeners = new Set<() => void>();

export function loadToasts(): Promise<Toast> {
  if (!loading) {
    loading = import("sonner").then(
      (module) => (loaded = module.toast),
      (error: unknown) => {
        // Not wanted any more until the next try: the toaster's failed attempt is dropped with it.
        loading = undefined;
        for (const listener of wantListeners) listener();
        throw error;
      },
    );
    for (const listener of wantListeners) listener();
  }
  return loading;
}

/** Whether anything asked for toasts yet; the toaster mounts once something did. */
export const toastsWanted = {
  subscribe(listener: () => void): () => void {
    wantListeners.add(listener);
    return () => wantListeners.delete(listener);
  },
  current: () => loading !== undefined,
};

function show(make: (toast: Toast) => unknown): void {
  if (loaded) make(loaded);
  // A toast library that cannot load (offline, a new version deployed) has nothing to show.
  else void loadToasts().then(make, () => undefined);
}

/**
 * The one way the app shows toasts. Errors go through the throttling of domain/toast-throttle.ts;
 * success and info toasts are shown as they come.
 */
export const notify = {
  success: (message: string, options?: ExternalToast) => show((toast) => toast.success(message, options)),
  info: (message: string, options?: ExternalToast) => show((toast) => toast.info(message, options)),
  warning: (message: string, options?: ExternalToast) => show((toast) => toast.warning(message, options)),
  /** Returns whether the toast was shown (false when throttled or already shown this session). */
  error: (message: string, options?: ExternalToast) =>
    errorGate(message, () => show((toast) => toast.error(message, { duration: ERROR_DURATION_MS, ...options }))),
  coreError: (message: string, options?: ExternalToast) =>
    coreErrorGate(message, () => show((toast) => toast.error(message, { duration: ERROR_DURATION_MS, ...options }))),
};
