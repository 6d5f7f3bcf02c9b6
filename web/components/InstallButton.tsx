import { Download } from "lucide-react";
import { Link } from "react-router";
import { promptInstall, useInstallState } from "../offline/install-prompt";
import { notify } from "../stores/notifier";

/**
 * "Install Tandem" where the browser offers installation (Chrome, Edge, Samsung Internet on
 * Android and desktop); elsewhere a link to the steps for that platform. Nothing once installed.
 */
export function InstallButton({ className = "", showSteps = true }: { className?: string; showSteps?: boolean }) {
  const state = useInstallState();
  if (state === "installed") return null;
  if (state === "unavailable") {
    // On the steps page itself, a link to it would lead nowhere.
    if (!showSteps) return null;
    return (
      <Link to="/install-instructions" className={`text-sm font-medium text-brand hover:underline ${className}`}>
        How to install Tandem on this device
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() =>
        void promptInstall().then((accepted) => {
          if (accepted)
            notify.success("Tandem is installed", { description: "Open it from your home screen or app list." });
        })
      }
      className={`inline-flex items-center gap-2 rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-brand-ink hover:bg-brand-hover ${className}`}
    >
      <Download aria-hidden="true" className="size-4" />
      Install Tandem
    </button>
  );
}
