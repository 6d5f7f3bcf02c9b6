import { Toaster as Sonner } from "sonner";
import { useTheme } from "../stores/theme";

/** Toasts bottom-center with a close button, in the current theme. */
export function Toaster() {
  const { resolved } = useTheme();
  return <Sonner position="bottom-center" closeButton richColors theme={resolved} />;
}
