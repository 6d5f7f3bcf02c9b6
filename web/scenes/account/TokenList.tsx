import type { ApiToken } from "../../../domain/auth";
import { buttonClass } from "../../components/form";
import { dateTime, timeAgo } from "./format-time";

/**
 * Personal tokens with when each was made and last used, each with its Revoke button: the API
 * tokens on /account-management and the calendar app passwords on /calendar-settings.
 */
export function TokenList({
  label,
  tokens,
  revoking,
  onRevoke,
}: {
  label: string;
  tokens: readonly ApiToken[];
  revoking: boolean;
  onRevoke: (id: string) => void;
}) {
  return (
    <ul className="mt-5 divide-y divide-line" aria-label={label}>
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{token.name}</p>
            <p className="text-sm text-ink-muted">
              Created {dateTime(token.createdAt)} ·{" "}
              {token.lastUsedAt ? `last used ${timeAgo(token.lastUsedAt)}` : "never used"}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass.dangerOutline}
            disabled={revoking}
            onClick={() => onRevoke(token.id)}
          >
            Revoke<span className="sr-only"> {token.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
