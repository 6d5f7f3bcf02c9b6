import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/http";
import { mealKeys } from "./keys";

/**
 * Runs a write of the meal planner, then fetches the group's meals and recipes again (other
 * members' devices do on the live event). Keeps the last failure's message for the page to show.
 */
export function useMealWrite() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(write: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await write();
    } catch (reason) {
      setError(errorMessage(reason));
      return undefined;
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: mealKeys.all });
    }
  }
  return { run, busy, error, clearError: () => setError(null) };
}
