import type { Backup, RestoreResult } from "../../domain/backup";
import { apiFetch } from "./http";

export type RestoreMode = "merge" | "replace";

const group = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

/** spec backup-tasks: the tasks the user owns. */
export const getUserBackup = () => apiFetch<Backup>("/api/backup");

/** spec group_backup_tasks: a group's own tasks and its categories. */
export const getGroupBackup = (groupId: string) => apiFetch<Backup>(`${group(groupId)}/backup`);

/** spec restore-tasks; replacing must be confirmed (it deletes the tasks the backup covers first). */
export const restoreUserBackup = (backup: Backup, mode: RestoreMode) =>
  apiFetch<RestoreResult>("/api/backup/restore", {
    method: "POST",
    body: { backup, mode, ...(mode === "replace" && { confirm: true }) },
  });

/** spec group_restore_tasks: merge for members, replace for the owner. */
export const restoreGroupBackup = (groupId: string, backup: Backup, mode: RestoreMode) =>
  apiFetch<RestoreResult>(`${group(groupId)}/restore`, {
    method: "POST",
    body: { backup, mode, ...(mode === "replace" && { confirm: true }) },
  });

/** "tandem-tasks-2026-05-01.json": the name the server would give the file too. */
export function backupFileName(backup: Pick<Backup, "scope" | "exportedAt">, label?: string): string {
  const slug = (label ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  const kind = backup.scope === "user" ? "tandem-tasks" : `tandem-group${slug ? `-${slug}` : ""}`;
  return `${kind}-${backup.exportedAt.slice(0, 10)}.json`;
}

/** Hands a backup to the browser as a file download. */
export function saveBackupFile(backup: Backup, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(backup, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
