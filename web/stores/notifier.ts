import { type ExternalToast, toast } from "sonner";
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

/**
 * The one way the app shows toasts. Errors go through the throttling of domain/toast-throttle.ts;
 * success and info toasts are shown as they come.
 */
export const notify = {
  success: (message: string, options?: ExternalToast) => toast.success(message, options),
  info: (message: string, options?: ExternalToast) => toast.info(message, options),
  warning: (message: string, options?: ExternalToast) => toast.warning(message, options),
  /** Returns whether the toast was shown (false when throttled or already shown this session). */
  error: (message: string, options?: ExternalToast) =>
    errorGate(message, () => toast.error(message, { duration: ERROR_DURATION_MS, ...options })),
  coreError: (message: string, options?: ExternalToast) =>
    coreErrorGate(message, () => toast.error(message, { duration: ERROR_DURATION_MS, ...options })),
};
