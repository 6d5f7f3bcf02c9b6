import { QueryClient } from "@tanstack/react-query";

/** One cache of server state for the whole app; cleared when the user signs out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
  },
});
