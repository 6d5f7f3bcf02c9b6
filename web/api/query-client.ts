import { onlineManager, QueryClient } from "@tanstack/react-query";

/** One cache of server state for the whole app; cleared when the user signs out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
  },
});

// TanStack Query takes the network to be up until the browser says it went down, which a page
// opened without network never hears: its queries would fail, turning the data restored from
// IndexedDB into error screens. Started from the browser's flag, they wait for the network instead
// (and run when it is back), as they do when the network drops while the page is open.
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
