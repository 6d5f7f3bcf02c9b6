import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BellRing, CloudOff, ListTodo, Users } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Group } from "../../../domain/groups";
import type { Conversation, MessagingPreferences, NotifyLevel } from "../../../domain/messaging";
import { ApiRequestError, errorMessage } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useGroups } from "../../hooks/use-groups";
import { useOnline } from "../../offline/use-offline";
import { linkClass, PageHeader } from "../../scenes/groups/PageHeader";
import { notify } from "../../stores/notifier";
import {
  getGroupConversation,
  getMessagingSettings,
  listConversations,
  messagingKeys,
  saveMessagingSettings,
  setNotify,
} from "./api";
import { invalidateConversations } from "./sync";
import { conversationsByGroup } from "./unread";

const LEVELS: { level: NotifyLevel; label: string }[] = [
  { level: "all", label: "All messages" },
  { level: "mentions", label: "Only mentions" },
  { level: "none", label: "Nothing (muted)" },
];

/** The query of a conversation of its own: its group's, or its task's. */
const ownKey = (conversation: Pick<Conversation, "groupId" | "taskId">) =>
  conversation.taskId === null ? messagingKeys.group(conversation.groupId) : messagingKeys.task(conversation.taskId);

/** Shows a conversation's level wherever the device holds that conversation. */
function showNotify(
  client: QueryClient,
  conversation: Pick<Conversation, "id" | "groupId" | "taskId">,
  level: NotifyLevel,
) {
  const apply = (cached: Conversation) => (cached.id === conversation.id ? { ...cached, notify: level } : cached);
  client.setQueryData<{ conversations: Conversation[] }>(
    messagingKeys.list,
    (data) => data && { conversations: data.conversations.map(apply) },
  );
  client.setQueryData<Conversation>(ownKey(conversation), (cached) => cached && apply(cached));
}

/**
 * /messaging-settings: read receipts, and how loudly each conversation of the user's shared groups
 * notifies them. Where notifications go (push, email) and quiet hours are /notifications's.
 */
export default function MessagingSettingsPage() {
  const { groups: allGroups, isPending, isError, data, refetch } = useGroups();
  const online = useOnline();
  // A personal group has no one else in it: no one's message would notify its owner.
  const groups = allGroups.filter((group) => !group.isPersonal);
  const list = useQuery({ queryKey: messagingKeys.list, queryFn: listConversations });
  const own = useQueries({
    queries: groups.map((group) => ({
      queryKey: messagingKeys.group(group.id),
      queryFn: () => getGroupConversation(group.id),
    })),
  });
  const byGroup = conversationsByGroup(
    groups,
    (groupId) => own[groups.findIndex((group) => group.id === groupId)]?.data,
    list.data?.conversations ?? [],
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/isolated-messaging"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Messages
      </Link>
      <PageHeader title="Messaging settings">
        What others see of your reading, and how loudly each conversation tells you about new messages. Saved to your
        account, the same on every device.
      </PageHeader>

      {!online && (
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm text-ink-muted"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You are offline: these settings change once you are back online.
        </p>
      )}

      <ReadReceipts />

      <Section
        title="Notifications per conversation"
        description="All messages: you are told when a message comes after you had read everything (not of each one while you read along). Only mentions: only when someone mentions you. Nothing: no notification at all, and its messages stay out of the count beside Messages in the menu; the conversation still shows what you have not read."
      >
        {isPending && online && <p role="status">Loading your groups…</p>}
        {(isPending || (isError && data === undefined)) && (
          <DataUnavailable
            what="your groups"
            failure="Your groups could not be loaded."
            failed={isError}
            onRetry={() => void refetch()}
          />
        )}
        {!isPending && data !== undefined && groups.length === 0 && (
          <p className="text-sm text-ink-muted">
            No one else is in your groups yet, so no message can reach you.{" "}
            <Link to="/groups" className={linkClass}>
              Invite someone to a group
            </Link>
          </p>
        )}
        <div className="space-y-6">
          {byGroup.map(({ group, own: conversation, tasks }, index) => (
            <GroupBlock
              key={group.id}
              group={group}
              own={conversation}
              ownQuery={own[index]!}
              tasks={tasks}
              disabled={!online}
            />
          ))}
        </div>
      </Section>

      <Section title="Push, email and quiet hours">
        <div className="flex gap-3 text-sm">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <p>
            Whether notifications reach you by push and by email, and the quiet hours during which they wait, are set
            with your other notifications. They apply to messages too.{" "}
            <Link to="/notifications" className={linkClass}>
              Notification settings
            </Link>
          </p>
        </div>
      </Section>
    </div>
  );
}

function ReadReceipts() {
  const client = useQueryClient();
  const online = useOnline();
  const query = useQuery({ queryKey: messagingKeys.settings, queryFn: getMessagingSettings });
  const save = useMutation({
    scope: { id: "messaging-settings" },
    mutationFn: saveMessagingSettings,
    onMutate: (next) => client.setQueryData(messagingKeys.settings, next),
    onSuccess: (saved) => {
      client.setQueryData(messagingKeys.settings, saved);
      // Every conversation shows others' markers, or not, from now on.
      void invalidateConversations(client);
    },
    onError: (error) => {
      notify.error(`Could not save read receipts: ${errorMessage(error)}`);
      void client.invalidateQueries({ queryKey: messagingKeys.settings });
    },
  });
  const preferences: MessagingPreferences | undefined = query.data;

  return (
    <Section title="Read receipts">
      {preferences ? (
        <Switch
          label="Share read receipts"
          description="Members who share theirs see how far you have read in each conversation, and you see how far they have. It is mutual: while yours are off, you see no one's."
          checked={preferences.readReceipts}
          disabled={!online}
          onChange={(readReceipts) => save.mutate({ readReceipts })}
        />
      ) : (
        <>
          {query.isPending && online && <p role="status">Loading…</p>}
          <DataUnavailable
            what="your messaging settings"
            failure="Your messaging settings could not be loaded."
            failed={query.isError}
            onRetry={() => void query.refetch()}
          />
        </>
      )}
    </Section>
  );
}

function GroupBlock({
  group,
  own,
  ownQuery,
  tasks,
  disabled,
}: {
  group: Group;
  own: Conversation | undefined;
  ownQuery: { isError: boolean; error: Error | null; isPending: boolean; refetch: () => unknown };
  tasks: readonly Conversation[];
  disabled: boolean;
}) {
  const switchedOff = ownQuery.error instanceof ApiRequestError && ownQuery.error.code === "MODULE_DISABLED";
  return (
    <section aria-label={group.name} className="space-y-3">
      <h3 className="flex items-center gap-2 font-semibold">
        <Users aria-hidden="true" className="size-4 text-ink-muted" />
        {group.name}
      </h3>
      {switchedOff ? (
        <p className="text-sm text-ink-muted">Its owner switched messaging off for this group.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          <li className="p-3">
            {own ? (
              <NotifyChoice conversation={own} groupName={group.name} disabled={disabled} />
            ) : (
              <>
                {ownQuery.isPending && !disabled && <p role="status">Loading…</p>}
                <DataUnavailable
                  what="this group's conversation"
                  failure="This group's conversation could not be loaded."
                  failed={ownQuery.isError}
                  onRetry={() => void ownQuery.refetch()}
                />
              </>
            )}
          </li>
          {tasks.map((conversation) => (
            <li key={conversation.id} className="p-3">
              <NotifyChoice conversation={conversation} groupName={group.name} disabled={disabled} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One conversation's level, as three options in a row: arrows move between them, as in any radio group. */
function NotifyChoice({
  conversation,
  groupName,
  disabled,
}: {
  conversation: Conversation;
  groupName: string;
  disabled: boolean;
}) {
  const client = useQueryClient();
  const save = useMutation({
    // One conversation's changes go in order: the last choice is the one that stays.
    scope: { id: `notify-${conversation.id}` },
    mutationFn: (level: NotifyLevel) => setNotify(conversation.id, level),
    onMutate: (level) => showNotify(client, conversation, level),
    onSuccess: (saved) => showNotify(client, saved, saved.notify),
    onError: (error) => {
      notify.error(`Could not save the notifications of ${conversation.title}: ${errorMessage(error)}`);
      void client.invalidateQueries({ queryKey: messagingKeys.list });
      void client.invalidateQueries({ queryKey: ownKey(conversation) });
    },
  });
  const isTask = conversation.taskId !== null;
  const nameId = useId();

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <p id={nameId} className="flex min-w-0 items-center gap-2 text-sm font-medium">
        {isTask ? (
          <ListTodo aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        ) : (
          <Users aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        )}
        <span className="min-w-0 break-words">
          <span className="sr-only">{groupName}: </span>
          {isTask ? conversation.title : "Group conversation"}
          {isTask && <span className="sr-only"> (task)</span>}
        </span>
      </p>
      <div
        role="radiogroup"
        aria-labelledby={nameId}
        className="grid shrink-0 grid-cols-3 gap-1 rounded-lg border border-line bg-canvas p-1 sm:w-[27rem]"
      >
        {LEVELS.map(({ level, label }) => (
          <label
            key={level}
            className="flex cursor-pointer items-center justify-center rounded-md px-1.5 py-1.5 text-center text-sm leading-tight font-medium text-ink-muted hover:text-ink has-checked:bg-brand has-checked:text-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-focus has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={`notify-${conversation.id}`}
              value={level}
              checked={conversation.notify === level}
              disabled={disabled}
              onChange={() => save.mutate(level)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
