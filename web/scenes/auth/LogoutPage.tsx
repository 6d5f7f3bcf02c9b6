import { useEffect, useState } from "react";
import { Link } from "react-router";
import { logout } from "../../api/auth";
import { Alert } from "../../components/Alert";
import { forgetMe } from "../../hooks/use-me";
import { clearLocalData } from "../../stores/local-data";

type State = "working" | "done" | "failed";

/** /logout and /sign-out: ends the session on the server and clears this browser's copy of the data. */
export default function LogoutPage() {
  const [state, setState] = useState<State>("working");

  useEffect(() => {
    logout().then(
      async () => {
        await clearLocalData();
        forgetMe();
        setState("done");
      },
      () => setState("failed"),
    );
  }, []);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Sign out</h1>
        <div className="mt-4">
          {state === "working" && <p role="status">Signing you out…</p>}
          {state === "done" && (
            <>
              <Alert tone="success">You are signed out, and this browser no longer keeps your tasks.</Alert>
              <Link
                to="/login"
                className="mt-5 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover"
              >
                Sign in again
              </Link>
            </>
          )}
          {state === "failed" && (
            <Alert tone="error">
              Signing out did not reach the server. Check your connection and{" "}
              <Link to="/logout" reloadDocument className="underline">
                try again
              </Link>
              .
            </Alert>
          )}
        </div>
      </div>
    </div>
  );
}
