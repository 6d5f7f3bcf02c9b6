import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../api/http";
import { messagingKeys, searchMessages } from "./api";

/**
 * Search within a group's conversations: its own and its tasks' threads. Results open the
 * conversation (a task's thread is on the task's page).
 */
export function SearchMessages({ groupId, groupName }: { groupId: string; groupName: string }) {
  const [text, setText] = useState("");
  const [searched, setSearched] = useState("");
  const inputId = useId();
  const results = useQuery({
    queryKey: messagingKeys.search(groupId, searched),
    queryFn: () => searchMessages(groupId, searched),
    enabled: searched.length >= 2,
  });

  return (
    <div className="space-y-2">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(text.trim());
        }}
        className="flex gap-2"
      >
        <label htmlFor={inputId} className="sr-only">
          Search messages of {groupName}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          minLength={2}
          maxLength={200}
          placeholder="Search messages"
          onChange={(event) => {
            setText(event.target.value);
            if (!event.target.value) setSearched("");
          }}
          className="min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-1.5 text-ink focus:border-brand focus:outline-3 focus:outline-focus"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-1 rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </form>
      {searched.length >= 2 && (
        <section aria-label="Search results" className="rounded-xl border border-line bg-surface p-3">
          {results.isError && <p role="alert">{errorMessage(results.error)}</p>}
          {results.data?.results.length === 0 && <p className="text-ink-muted">No messages contain “{searched}”.</p>}
          <ul className="space-y-2">
            {results.data?.results.map(({ conversationId, taskId, conversationTitle, message }) => (
              <li key={`${conversationId}-${message.id}`}>
                <Link
                  to={
                    taskId
                      ? `/task-detail-page?id=${encodeURIComponent(taskId)}`
                      : `/isolated-messaging?group=${encodeURIComponent(groupId)}`
                  }
                  onClick={() => setSearched("")}
                  className="block rounded-lg px-2 py-1 hover:bg-surface-muted"
                >
                  <span className="block text-sm text-ink-muted">
                    {conversationTitle} · {message.authorName} ·{" "}
                    <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
                  </span>
                  <span className="line-clamp-2 break-words">{message.body}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
