import { useMutation, useQuery } from "@tanstack/react-query";
import { LogIn, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { SIGN_IN_AGAIN_TO_DELETE } from "../../../domain/account";
import { deleteAccount, getDeletionPreview, getLinkedSignIn } from "../../api/account";
import { signInUrl } from "../../api/auth";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { clearLocalData } from "../../stores/local-data";
import { whileEndingSession } from "../../realtime/use-live-updates";
import { FORGET_ON_ARRIVAL } from "./goodbye-state";

/** What the user types to confirm: deliberate, and the same in every language the page may get. */
const CONFIRMATION_WORD = "DELETE";

export default function DeleteAccountPage() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const preview = useQuery({ queryKey: ["account", "deletion-preview"], queryFn: getDeletionPreview });
  const remove = useMutation({
    mutationFn: () => whileEndingSession(deleteAccount),
    onSuccess: async () => {
      await clearLocalData();
      // The goodbye page forgets the user once it is on screen: forgetting them here, with this
      // page and the app's layout still mounted (a route's change commits a render later), would
      // refetch every query they hold from a session that is gone, or send us to /login.
      await navigate("/goodbye", { replace: true, state: { [FORGET_ON_ARRIVAL]: true } });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === CONFIRMATION_WORD) remove.mutate();
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Delete account</h1>
        <p className="mt-1 text-ink-muted">This cannot be undone. Read what will happen first.</p>
      </div>
      {preview.isPending && <p role="status">Working out what would be deleted…</p>}
      {preview.isError && <Alert tone="error">{preview.error.message}</Alert>}
      {preview.data && (
        <Section title="What will happen" tone="danger">
          <ul className="list-disc space-y-2 pl-5 text-sm">
            <li>
              Your profile, picture and settings are deleted.
              {preview.data.personalGroup && (
                <>
                  {" "}
                  So is your personal group <strong>{preview.data.personalGroup.name}</strong> with its tasks and
                  categories.
                </>
              )}
            </li>
            <li>
              You leave every group you are a member of. Tasks you created in groups you do not own stay with those
              groups.
            </li>
            {preview.data.ownedGroups.map((group) => (
              <li key={group.id}>
                {group.newOwner ? (
                  <>
                    <strong>{group.name}</strong> passes to <strong>{group.newOwner.displayName}</strong>, its longest
                    standing member, who becomes its owner.
                  </>
                ) : (
                  <>
                    <strong>{group.name}</strong> has no other members, so it is deleted with its tasks.
                  </>
                )}
              </li>
            ))}
            <li>
              {preview.data.sessions === 1
                ? "This browser is signed out."
                : `All ${preview.data.sessions} signed-in browsers are signed out.`}
              {preview.data.apiTokens > 0 &&
                ` ${preview.data.apiTokens} API ${preview.data.apiTokens === 1 ? "token stops" : "tokens stop"} working.`}
            </li>
            <li>If you signed up with a password here, that sign-in is removed and the email address is free again.</li>
          </ul>
          {preview.data.recentSignIn ? (
            <form onSubmit={submit} className="mt-6 space-y-4">
              <TextField
                label={`Type ${CONFIRMATION_WORD} to confirm`}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                inputClassName="max-w-xs"
                onChange={setTyped}
              />
              {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  className={buttonClass.danger}
                  disabled={typed.trim() !== CONFIRMATION_WORD || remove.isPending}
                >
                  <TriangleAlert aria-hidden="true" className="size-4" />
                  {remove.isPending ? "Deleting…" : "Delete my account"}
                </button>
                <Link to="/account-management" className={buttonClass.secondary}>
                  Keep my account
                </Link>
              </div>
            </form>
          ) : (
            <SignInAgain />
          )}
        </Section>
      )}
    </div>
  );
}

/** Deleting needs a fresh sign-in (server/policies/account.ts); this sends the user through it and back. */
function SignInAgain() {
  const linked = useQuery({ queryKey: ["account", "sign-in"], queryFn: getLinkedSignIn });
  return (
    <div className="mt-6 space-y-4">
      <Alert tone="error">{SIGN_IN_AGAIN_TO_DELETE}</Alert>
      {linked.data?.issuerId ? (
        // The provider fills in the address, so only the password is asked for.
        <a
          href={signInUrl(linked.data.issuerId, "/delete-account", { loginHint: linked.data.email })}
          className={buttonClass.primary}
        >
          <LogIn aria-hidden="true" className="size-4" />
          Sign in again
        </a>
      ) : (
        <Link to="/logout" className={buttonClass.primary}>
          Sign out, then sign in again
        </Link>
      )}
    </div>
  );
}
