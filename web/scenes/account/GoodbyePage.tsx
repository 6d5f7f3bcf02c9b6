import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { instanceConfig } from "../../api/instance-config";
import { forgetMe } from "../../hooks/use-me";
import { FORGET_ON_ARRIVAL } from "./goodbye-state";

/** Where a deleted account lands; also reachable directly, so it reads well without that context. */
export default function GoodbyePage() {
  const arrivedFromDeletion = (useLocation().state as Record<string, unknown> | null)?.[FORGET_ON_ARRIVAL] === true;
  // The app's layout and its queries are gone by now: clearing them starts no refetch.
  useEffect(() => {
    if (arrivedFromDeletion) forgetMe();
  }, [arrivedFromDeletion]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Goodbye</h1>
      <p className="mt-4 text-lg text-ink-muted">
        If you just deleted your account: it is gone, with everything that was only yours, and this browser keeps
        nothing of it. Groups you shared carry on with their other members.
      </p>
      <p className="mt-4 text-ink-muted">
        Thank you for using {instanceConfig.name}. You are welcome back any time; a new account starts empty.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover">
          Go to the home page
        </Link>
        <Link to="/login" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-surface-muted">
          Sign in
        </Link>
      </div>
    </div>
  );
}
