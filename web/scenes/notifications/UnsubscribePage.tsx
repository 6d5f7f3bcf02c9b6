import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { NotificationType } from "../../../domain/notification-settings";
import { NOTIFICATION_TYPE_NAMES, UNSUBSCRIBE_MESSAGES } from "../../../domain/notifications";
import { apiFetch, errorMessage } from "../../api/http";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { AuthCard } from "../auth/AuthCard";

type State =
  | { kind: "ready" }
  | { kind: "working" }
  | { kind: "done"; type: NotificationType }
  | { kind: "failed"; message: string };

/** The type a link names (in clear in its token), for the question; the server checks the rest. */
function typeIn(token: string | null): NotificationType | null {
  const type = token?.split(".")[1];
  return type && Object.hasOwn(NOTIFICATION_TYPE_NAMES, type) ? (type as NotificationType) : null;
}

/**
 * /unsubscribe?token=…: opened from a notification email. Asks first and changes the setting only
 * on the click (mail scanners open links too), without signing in.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const type = typeIn(token);
  const [state, setState] = useState<State>({ kind: "ready" });

  async function stop() {
    setState({ kind: "working" });
    try {
      const result = await apiFetch<{ type: NotificationType }>("/api/notifications/unsubscribe", {
        method: "POST",
        body: { token },
      });
      setState({ kind: "done", type: result.type });
    } catch (error) {
      setState({ kind: "failed", message: errorMessage(error) });
    }
  }

  return (
    <AuthCard title="Stop notification emails">
      {!token || !type ? (
        <Alert tone="error">{UNSUBSCRIBE_MESSAGES.invalidLink}</Alert>
      ) : state.kind === "done" ? (
        <Alert tone="success">
          Done: no more emails about {NOTIFICATION_TYPE_NAMES[state.type]}. They still appear in the app, and you can
          turn the emails back on under <Link to="/notifications">Notifications</Link>.
        </Alert>
      ) : (
        <div className="space-y-4">
          <p>
            Stop the emails about {NOTIFICATION_TYPE_NAMES[type]}? Other emails, and the notifications in the app, stay
            as they are.
          </p>
          {state.kind === "failed" && <Alert tone="error">{state.message}</Alert>}
          <button
            type="button"
            className={buttonClass.primary}
            disabled={state.kind === "working"}
            onClick={() => void stop()}
          >
            {state.kind === "working" ? "Stopping…" : `Stop emails about ${NOTIFICATION_TYPE_NAMES[type]}`}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
