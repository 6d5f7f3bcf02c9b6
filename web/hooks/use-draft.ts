import { useState } from "react";

/**
 * A form field's draft, seeded from a value the server holds. While the user has not changed
 * it, it follows that value: data restored from this device and then refreshed from the server,
 * or changed by someone else, shows up in the form instead of the first value it saw. Once the
 * user has typed, their draft stays theirs.
 */
export function useDraft<T>(source: T): [T, (value: T) => void] {
  const [draft, setDraft] = useState(source);
  const [seed, setSeed] = useState(source);
  if (!Object.is(source, seed)) {
    // Adjusting state while rendering (react.dev "storing information from previous renders").
    setSeed(source);
    if (Object.is(draft, seed)) setDraft(source);
  }
  return [draft, setDraft];
}
