import { useQueryClient } from "@tanstack/react-query";
import { Download, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type Backup, backupSchema, type RestoreResult } from "../../../domain/backup";
import { formatDateTime } from "../../../domain/time-format";
import { backupFileName, type RestoreMode, saveBackupFile } from "../../api/backup";
import { errorMessage } from "../../api/http";
import { categoryKeys } from "../../api/tasks";
import { Alert } from "../../components/Alert";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { buttonClass, labelClass } from "../../components/form";
import { Section } from "../../components/Section";
import { notify } from "../../stores/notifier";
import { appTimeLocale } from "../../stores/time-locale";

export interface BackupTarget {
  scope: Backup["scope"];
  /** "your tasks", "The Millers". */
  title: string;
  description: string;
  downloadLabel: string;
  /** Told in the confirmation before a replace. */
  replaceWarning: (backup: Backup) => string;
  /** Null: replacing is not allowed (why, in words). */
  replaceBlocked: string | null;
  /** Used to name the file. */
  fileLabel?: string;
  download: () => Promise<Backup>;
  restore: (backup: Backup, mode: RestoreMode) => Promise<RestoreResult>;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The file as a backup, or what is wrong with it, in words. */
export async function readBackupFile(file: File, scope: Backup["scope"]): Promise<Backup | string> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return "This file is not a Tandem backup: it is not JSON.";
  }
  const parsed = backupSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
    return `${issue?.message ?? "The file does not match the backup format"}${where}.`;
  }
  if (parsed.data.scope !== scope) {
    return scope === "user"
      ? "This is a group backup: restore it in the group section below."
      : "This is a backup of your own tasks: restore it in the section above.";
  }
  return parsed.data;
}

/** Download a backup file; restore one by merging or (confirmed) replacing; the counts of what happened. */
export function BackupSection({ target }: { target: BackupTarget }) {
  const client = useQueryClient();
  const fileId = useId();
  const fileHintId = useId();
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [backup, setBackup] = useState<Backup | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<RestoreMode>("merge");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RestoreResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setDownloaded(null);
    try {
      const file = await target.download();
      saveBackupFile(file, backupFileName(file, target.fileLabel));
      setDownloaded(
        `Downloaded ${plural(file.tasks.length, "task")}${file.scope === "group" ? ` and ${plural(file.categories.length, "category", "categories")}` : ""}.`,
      );
    } catch (error) {
      notify.error("Failed to download the backup", { description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  }

  async function chooseFile(file: File | undefined) {
    setResult(null);
    setFailure(null);
    setBackup(null);
    setFileProblem(null);
    if (!file) return;
    const read = await readBackupFile(file, target.scope);
    if (typeof read === "string") setFileProblem(read);
    else setBackup(read);
  }

  async function restore() {
    if (!backup) return;
    setBusy(true);
    setFailure(null);
    try {
      const restored = await target.restore(backup, mode);
      setResult(restored);
      setConfirming(false);
      notify.success("Backup restored");
      // Restored tasks arrive as tasks.changed like any other change; a group's categories are refetched.
      if (target.scope === "group") void client.invalidateQueries({ queryKey: categoryKeys.all });
    } catch (error) {
      setConfirming(false);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!backup) return;
    if (mode === "replace") setConfirming(true);
    else void restore();
  }

  return (
    <Section level={3} title={target.title} description={target.description}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={downloading}
            onClick={() => void download()}
          >
            <Download aria-hidden="true" className="size-4" />
            {downloading ? "Preparing…" : target.downloadLabel}
          </button>
          <p role="status" className="text-sm text-ink-muted">
            {downloaded}
          </p>
        </div>

        <form onSubmit={submit} className="space-y-4 border-t border-line pt-5">
          <div>
            <label htmlFor={fileId} className={labelClass}>
              Restore from a backup file
            </label>
            <p id={fileHintId} className="text-sm text-ink-muted">
              A .json file downloaded here. Nothing is written until the whole file has been checked.
            </p>
            <input
              id={fileId}
              type="file"
              accept=".json,application/json"
              aria-describedby={fileHintId}
              onChange={(event) => void chooseFile(event.target.files?.[0])}
              className="mt-2 block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-muted file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink hover:file:bg-surface"
            />
          </div>
          {fileProblem && <Alert tone="error">{fileProblem}</Alert>}
          {backup && (
            <p className="text-sm">
              The file holds {plural(backup.tasks.length, "task")}
              {backup.scope === "group" && ` and ${plural(backup.categories.length, "category", "categories")}`}, saved
              on {formatDateTime(backup.exportedAt, appTimeLocale())}.
            </p>
          )}
          <fieldset>
            <legend className={labelClass}>How to restore</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              <label className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus">
                <input
                  type="radio"
                  name={`${fileId}-mode`}
                  value="merge"
                  checked={mode === "merge"}
                  onChange={() => setMode("merge")}
                  className="mt-1 accent-brand"
                />
                <span>
                  <span className="block font-medium">Merge</span>
                  <span className="block text-sm text-ink-muted">
                    Add the tasks that are missing; keep everything that is here. Restoring the same file twice adds
                    nothing.
                  </span>
                </span>
              </label>
              <label
                className={`flex gap-3 rounded-lg border border-line p-3 has-[:checked]:border-danger/60 has-[:checked]:bg-danger/10 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus ${target.replaceBlocked ? "cursor-not-allowed opacity-70" : "cursor-pointer"}`}
              >
                <input
                  type="radio"
                  name={`${fileId}-mode`}
                  value="replace"
                  checked={mode === "replace"}
                  disabled={target.replaceBlocked !== null}
                  onChange={() => setMode("replace")}
                  className="mt-1 accent-brand"
                />
                <span>
                  <span className="block font-medium">Replace</span>
                  <span className="block text-sm text-ink-muted">
                    {target.replaceBlocked ??
                      "Delete the existing tasks first, then restore the file. You will be asked to confirm."}
                  </span>
                </span>
              </label>
            </div>
          </fieldset>
          <button type="submit" className={buttonClass.primary} disabled={!backup || busy}>
            <Upload aria-hidden="true" className="size-4" />
            {busy ? "Restoring…" : "Restore"}
          </button>
          {failure && <Alert tone="error">The backup was not restored: {failure}</Alert>}
          {result && (
            <Alert tone="success">
              Restored {plural(result.restored, "task")}; skipped {result.skipped} already here; deleted{" "}
              {result.deleted}.
            </Alert>
          )}
        </form>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Replace with the backup?"
        confirmLabel="Delete and restore"
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setConfirming(false)}
      >
        <p>{backup && target.replaceWarning(backup)}</p>
        <p>This cannot be undone. To keep a copy of what is here now, download a backup first.</p>
      </ConfirmDialog>
    </Section>
  );
}
