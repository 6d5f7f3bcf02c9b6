import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ApiTokenRepository } from "./api-token-repository.js";
import { ClientErrorRepository } from "./client-error-repository.js";
import { InstanceSecretRepository } from "./instance-secret-repository.js";
import { LocalAccountRepository } from "./local-account-repository.js";
import { SessionRepository } from "./session-repository.js";
import { SignInRequestRepository } from "./sign-in-request-repository.js";
import { UserRepository } from "./user-repository.js";

export interface Repositories {
  clientErrors: ClientErrorRepository;
  users: UserRepository;
  sessions: SessionRepository;
  apiTokens: ApiTokenRepository;
  signInRequests: SignInRequestRepository;
  instanceSecrets: InstanceSecretRepository;
  localAccounts: LocalAccountRepository;
}

export function createRepositories(db: Kysely<DB>): Repositories {
  return {
    clientErrors: new ClientErrorRepository(db),
    users: new UserRepository(db),
    sessions: new SessionRepository(db),
    apiTokens: new ApiTokenRepository(db),
    signInRequests: new SignInRequestRepository(db),
    instanceSecrets: new InstanceSecretRepository(db),
    localAccounts: new LocalAccountRepository(db),
  };
}
