import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ClientErrorRepository } from "./client-error-repository.js";

export interface Repositories {
  clientErrors: ClientErrorRepository;
}

export function createRepositories(db: Kysely<DB>): Repositories {
  return { clientErrors: new ClientErrorRepository(db) };
}
