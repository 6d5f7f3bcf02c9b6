import { Toaster as Sonner } from "sonner";
import { useTheme } from "../stores/theme";

/**
 * Toasts bottom-center with a close button, in the current theme. Their distance from the
 * bottom comes from CSS (web/styles.css), which lifts them above the app's phone bar.
 */
export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      position="bottom-center"
      closeButton
      richColors
      theme={resolved}
      offset={{ bottom: "var(--toast-offset-bottom, 24px)" }}
      mobileOffset={{ bottom: "var(--toast-offset-bottom, 16px)" }}
    />
  );
}
