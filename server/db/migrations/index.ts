import type { Migration } from "kysely";
import * as clientErrors from "./0001-client-errors.js";
import * as accounts from "./0002-accounts.js";
import * as userData from "./0003-user-data.js";
import * as invitations from "./0004-invitations.js";
import * as tasks from "./0005-tasks.js";
import * as taskOrderIndex from "./0006-task-order-index.js";
import * as contactMessages from "./0007-contact-messages.js";
import * as notifications from "./0008-notifications.js";
import * as signInBinding from "./0009-sign-in-binding.js";
import * as rateLimitsAndSignUps from "./0010-rate-limits-and-sign-ups.js";
import * as formerMembersAndInvitees from "./0011-former-members-and-invitees.js";
import * as taskRepeat from "./0012-task-repeat.js";
import * as groupModuleSwitches from "./0013-group-module-switches.js";
import * as apiTokenScope from "./0025-api-token-scope.js";

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
export const migrations: Record<string, Migration> = {
  "0001-client-errors": clientErrors,
  "0002-accounts": accounts,
  "0003-user-data": userData,
  "0004-invitations": invitations,
  "0005-tasks": tasks,
  "0006-task-order-index": taskOrderIndex,
  "0007-contact-messages": contactMessages,
  "0008-notifications": notifications,
  "0009-sign-in-binding": signInBinding,
  "0010-rate-limits-and-sign-ups": rateLimitsAndSignUps,
  "0011-former-members-and-invitees": formerMembersAndInvitees,
  "0012-task-repeat": taskRepeat,
  "0013-group-module-switches": groupModuleSwitches,
  // Numbered in the one sequence with the modules' migrations (server/modules/migrations.ts).
  "0025-api-token-scope": apiTokenScope,
};
