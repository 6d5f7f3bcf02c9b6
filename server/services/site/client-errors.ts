import { randomUUID } from "node:crypto";
import type { ClientErrorReport } from "../../../domain/client-error.js";
import type { AppDeps } from "../../deps.js";

const MAX_USER_AGENT = 500;

export async function recordClientError(
  deps: AppDeps,
  report: ClientErrorReport,
  userAgent: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  await deps.repositories.clientErrors.insert({
    id: randomUUID(),
    message: report.message,
    stack: report.stack ?? null,
    path: report.path,
    userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    createdAt: now.toISOString(),
  });
}
