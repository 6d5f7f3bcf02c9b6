import { useEffect, useState } from "react";
import type { Me } from "../../domain/auth";
import { getMe } from "../api/auth";

let cached: Promise<Me | null> | undefined;

/** Forgets who is signed in (after sign-out), so the next useMe asks the server again. */
export function forgetMe(): void {
  cached = undefined;
}

/** undefined while loading, null when signed out. One request per page load, shared by all callers. */
export function useMe(): Me | null | undefined {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    cached ??= getMe().catch(() => null);
    void cached.then((value) => live && setMe(value));
    return () => {
      live = false;
    };
  }, []);
  return me;
}
