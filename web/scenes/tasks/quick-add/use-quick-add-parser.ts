import { useEffect, useState } from "react";
import type * as QuickAdd from "../../../../domain/quick-add";

type QuickAddModule = typeof QuickAdd;

/**
 * The quick-add parser with its date library is about a third of the task page's code, so it
 * loads on its own: when the page has rendered and the browser is idle, or at once when the user
 * starts typing. Until it is there, a line is taken as a plain title (and Enter waits for it).
 */
let loading: Promise<QuickAddModule> | null = null;
let loaded: QuickAddModule | null = null;

export function loadQuickAddParser(): Promise<QuickAddModule> {
  loading ??= import("../../../../domain/quick-add").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The parser module once loaded (null before); asks for it when the browser is next idle. */
export function useQuickAddParser(): QuickAddModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let cancelled = false;
    const load = () =>
      void loadQuickAddParser().then(
        (ready) => !cancelled && setModule(ready),
        () => undefined,
      );
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(load, { timeout: 3_000 }) : undefined;
    const timer = idle === undefined ? setTimeout(load, 500) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [module]);
  return module;
}
