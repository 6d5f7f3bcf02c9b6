import type { Generated } from "kysely";
import type { GroupRole, GroupType, InvitationStatus } from "../../domain/groups.js";
import type { Priority } from "../../domain/tasks.js";
import type { ApiTokenScope } from "../../domain/auth.js";

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings in both dialects (text in SQLite,
 * timestamptz in PostgreSQL read back as ISO strings), so repositories see one shape.
 */
export interface ClientErrorTable {
  id: string;
  message: string;
  stack: string | null;
  path: string;
  user_agent: string | null;
  created_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: string;
}

/** 0/1 in both dialects. */
export type Flag = 0 | 1;

export interface UserTable {
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  email_verified: Flag;
  name: string;
  is_admin: Flag;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string;
}

export interface SessionTable {
  id_hash: string;
  user_id: string;
  issuer_id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** "all": the whole API; "calendar": an app password that only /dav accepts. */
  scope: Generated<ApiTokenScope>;
}

export interface SignInRequestTable {
  state: string;
  /** SHA-256 of the value in the cookie of the browser that began the sign-in (0009). */
  binding_hash: string;
  issuer_id: string;
  code_verifier: string;
  nonce: string;
  next_path: string;
  created_at: string;
  expires_at: string;
}

export interface LocalAccountTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountTokenTable {
  token_hash: string;
  account_id: string;
  purpose: "verify-email" | "reset-password";
  created_at: string;
  expires_at: string;
}

export interface OidcStoreTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface InstanceSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** Counters of the limits shared by every server process (0010); `key` is a hash. */
export interface RateLimitTable {
  key: string;
  hits: number;
  window_ends_at: string;
}

/** A sign-up waiting for its emailed link (0010), when real email delivery is configured. */
export interface PendingSignUpTable {
  token_hash: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  expires_at: string;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
}

export interface ProfileTable {
  user_id: string;
  display_name: string;
  time_zone: string | null;
  locale: string | null;
  avatar_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AvatarTable {
  user_id: string;
  content_type: string;
  data: Buffer;
  updated_at: string;
}

export interface GroupTable {
  id: string;
  name: string;
  owner_id: string;
  type: GroupType;
  created_at: string;
  updated_at: string;
}

export interface GroupMemberTable {
  group_id: string;
  user_id: string;
  role: GroupRole;
  joined_at: string;
}

export interface CategoryTable {
  group_id: string;
  id: string;
  name: string;
  label: string;
  icon: string;
  color: string;
  sort_order: number;
  shared: Flag;
  owner_id: string;
  ai_generated: Flag;
  last_used: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON of domain/settings.ts. */
  settings: string;
  updated_at: string;
}

export interface NotificationSettingsTable {
  user_id: string;
  push_enabled: Flag;
  email_enabled: Flag;
  websocket_enabled: Flag;
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
  /** JSON list of domain/notification-settings.ts preferences. */
  preferences: string;
  updated_at: string;
}

export interface NotificationTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
  /** An email waiting for the end of quiet hours: when it is due. */
  email_due_at: string | null;
  /** When a process claimed the waiting email (it goes out once). */
  emailed_at: string | null;
  /** A push waiting for the end of quiet hours: when it is due; and when it was claimed. */
  push_due_at: string | null;
  pushed_at: string | null;
}

export interface TaskReminderTable {
  task_id: string;
  /** The deadline the reminder was for: a changed deadline gets a reminder of its own. */
  deadline: string;
  claimed_at: string;
}

/** A browser's web push subscription (spec's push token record, "token" = the endpoint). */
export interface PushSubscriptionTable {
  endpoint: string;
  user_id: string;
  /** The browser session that subscribed (null: an API token did): its pushes end with it. */
  session_id_hash: string | null;
  p256dh: string;
  auth: string;
  /** The browser, as its user agent names itself. */
  device: string;
  platform: string;
  created_at: string;
  last_used: string;
}

export interface ModulePreferenceTable {
  user_id: string;
  module_id: string;
  enabled: Flag;
  last_toggled: string;
}

export interface GroupModuleSwitchTable {
  group_id: string;
  module_id: string;
  switched_off_by: string | null;
  switched_off_at: string;
}

export interface InvitationTable {
  id: string;
  group_id: string;
  email: string;
  invited_by: string;
  /** Set when the inviter named an existing user rather than an address (0011): the address is theirs to see. */
  invitee_id: string | null;
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
  responded_at: string | null;
}

export interface TaskTable {
  id: string;
  group_id: string;
  title: string;
  completed: Flag;
  completed_at: string | null;
  deadline: string | null;
  deadline_time_zone: string | null;
  /** An RFC 5545 RRULE value (domain/repeat-rule.ts); null for a task that does not repeat. */
  repeat_rule: string | null;
  repeat_from_completion: Generated<Flag>;
  priority: Priority;
  category: string;
  owner_id: string;
  locked: Flag;
  notes: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface SubtaskTable {
  task_id: string;
  id: string;
  title: string;
  completed: Flag;
  position: number;
  created_at: string;
  completed_at: string | null;
}

export interface TaskShareTable {
  task_id: string;
  group_id: string;
  shared_at: string;
}

export interface TaskChangeTable {
  /** Generated; PostgreSQL returns bigint as a string, so read it through Number(). */
  seq: Generated<number | string>;
  group_id: string;
  task_id: string;
  changed_at: string;
}

export interface AppliedOperationTable {
  user_id: string;
  operation_id: string;
  status_code: number;
  /** JSON of the first answer, sent again to a replay. */
  response: string;
  created_at: string;
}

export interface DB {
  client_errors: ClientErrorTable;
  contact_messages: ContactMessageTable;
  users: UserTable;
  sessions: SessionTable;
  api_tokens: ApiTokenTable;
  sign_in_requests: SignInRequestTable;
  local_accounts: LocalAccountTable;
  account_tokens: AccountTokenTable;
  pending_sign_ups: PendingSignUpTable;
  rate_limits: RateLimitTable;
  oidc_store: OidcStoreTable;
  instance_secrets: InstanceSecretTable;
  outbox: OutboxTable;
  profiles: ProfileTable;
  avatars: AvatarTable;
  groups: GroupTable;
  group_members: GroupMemberTable;
  categories: CategoryTable;
  user_settings: UserSettingsTable;
  notification_settings: NotificationSettingsTable;
  notifications: NotificationTable;
  push_subscriptions: PushSubscriptionTable;
  task_reminders: TaskReminderTable;
  module_preferences: ModulePreferenceTable;
  group_module_switches: GroupModuleSwitchTable;
  invitations: InvitationTable;
  tasks: TaskTable;
  subtasks: SubtaskTable;
  task_shares: TaskShareTable;
  task_changes: TaskChangeTable;
  applied_operations: AppliedOperationTable;
}
