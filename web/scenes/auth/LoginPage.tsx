import { KeyRound, LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import type { IssuerOption } from "../../../domain/auth";
import { nextForSignedIn, safeNextPath } from "../../../domain/next-path";
import { getIssuers, signInUrl } from "../../api/auth";
import { instanceConfig } from "../../api/instance-config";
import { Alert } from "../../components/Alert";
import { useMe } from "../../hooks/use-me";

/**
 * /login: one button per configured issuer, the only ways to sign in. A signed-in user
 * goes on to `next`, as the server sends a full page load, unless the page reports a
 * failed sign-in: then it says what failed, and offers the way on.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const error = params.get("error");
  const me = useMe();
  const [issuers, setIssuers] = useState<IssuerOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    getIssuers().then(setIssuers, () =>
      setLoadError("The sign-in options could not be loaded. Please reload the page."),
    );
  }, []);

  if (me && !error) return <Navigate to={nextForSignedIn(next)} replace />;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <KeyRound aria-hidden="true" className="size-8 text-brand" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Sign in to {instanceConfig.name}</h1>
        <p className="mt-2 text-sm text-ink-muted">
          Your tasks, groups and settings follow you to every device you sign in on.
        </p>
        <div className="mt-6 space-y-3">
          {error && <Alert tone="error">{error}</Alert>}
          {me && error && (
            <p className="text-sm text-ink-muted">
              You are still signed in as {me.name}.{" "}
              <Link to={nextForSignedIn(next)} className="font-semibold text-brand underline underline-offset-2">
                Continue
              </Link>
            </p>
          )}
          {loadError && <Alert tone="error">{loadError}</Alert>}
          {/* As tall as the one button most instances offer: the card does not grow when it comes. */}
          {issuers === null && !loadError && (
            <p className="flex min-h-11 items-center justify-center text-sm text-ink-muted">Loading sign-in options…</p>
          )}
          {issuers?.map((issuer) => (
            <a
              key={issuer.id}
              href={signInUrl(issuer.id, next)}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover"
            >
              <LogIn aria-hidden="true" className="size-4" />
              {issuer.builtin ? "Sign in or create an account" : `Continue with ${issuer.name}`}
            </a>
          ))}
        </div>
      </div>
    </div>
  );
}
