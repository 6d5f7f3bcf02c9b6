import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { AccountTokenRepository } from "./account-token-repository.js";
import { ApiTokenRepository } from "./api-token-repository.js";
import { CategoryRepository } from "./category-repository.js";
import { ClientErrorRepository } from "./client-error-repository.js";
import { ContactMessageRepository } from "./contact-message-repository.js";
import { GroupRepository } from "./group-repository.js";
import { InvitationRepository } from "./invitation-repository.js";
import { NotificationRepository } from "./notification-repository.js";
import { OperationRepository } from "./operation-repository.js";
import { PushSubscriptionRepository } from "./push-subscription-repository.js";
import { InstanceSecretRepository } from "./instance-secret-repository.js";
import { LocalAccountRepository } from "./local-account-repository.js";
import { ModuleSwitchRepository } from "./module-switch-repository.js";
import { OutboxRepository } from "./outbox-repository.js";
import { PendingSignUpRepository } from "./pending-sign-up-repository.js";
import { PreferenceRepository } from "./preference-repository.js";
import { ProfileRepository } from "./profile-repository.js";
import { RateLimitRepository } from "./rate-limit-repository.js";
import { ReminderRepository } from "./reminder-repository.js";
import { TaskRepository } from "./task-repository.js";
import { SessionRepository } from "./session-repository.js";
import { SignInRequestRepository } from "./sign-in-request-repository.js";
import { UserRepository } from "./user-repository.js";

export interface Repositories {
  clientErrors: ClientErrorRepository;
  contactMessages: ContactMessageRepository;
  users: UserRepository;
  sessions: SessionRepository;
  apiTokens: ApiTokenRepository;
  signInRequests: SignInRequestRepository;
  instanceSecrets: InstanceSecretRepository;
  localAccounts: LocalAccountRepository;
  accountTokens: AccountTokenRepository;
  pendingSignUps: PendingSignUpRepository;
  rateLimits: RateLimitRepository;
  outbox: OutboxRepository;
  profiles: ProfileRepository;
  groups: GroupRepository;
  categories: CategoryRepository;
  preferences: PreferenceRepository;
  moduleSwitches: ModuleSwitchRepository;
  invitations: InvitationRepository;
  tasks: TaskRepository;
  operations: OperationRepository;
  notifications: NotificationRepository;
  pushSubscriptions: PushSubscriptionRepository;
  reminders: ReminderRepository;
}

export function createRepositories(db: Kysely<DB>): Repositories {
  return {
    clientErrors: new ClientErrorRepository(db),
    contactMessages: new ContactMessageRepository(db),
    users: new UserRepository(db),
    sessions: new SessionRepository(db),
    apiTokens: new ApiTokenRepository(db),
    signInRequests: new SignInRequestRepository(db),
    instanceSecrets: new InstanceSecretRepository(db),
    localAccounts: new LocalAccountRepository(db),
    accountTokens: new AccountTokenRepository(db),
    pendingSignUps: new PendingSignUpRepository(db),
    rateLimits: new RateLimitRepository(db),
    outbox: new OutboxRepository(db),
    profiles: new ProfileRepository(db),
    groups: new GroupRepository(db),
    categories: new CategoryRepository(db),
    preferences: new PreferenceRepository(db),
    moduleSwitches: new ModuleSwitchRepository(db),
    invitations: new InvitationRepository(db),
    tasks: new TaskRepository(db),
    operations: new OperationRepository(db),
    notifications: new NotificationRepository(db),
    pushSubscriptions: new PushSubscriptionRepository(db),
    reminders: new ReminderRepository(db),
  };
}
