import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../../domain/errors";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, DISPLAY_NAME_MAX_LENGTH, type Profile } from "../../../domain/profiles";
import { getProfile, removeAvatar, updateProfile, uploadAvatar } from "../../api/account";
import { Alert } from "../../components/Alert";
import { Avatar } from "../../components/Avatar";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { useDraft } from "../../hooks/use-draft";
import { refreshMe } from "../../hooks/use-me";
import { notify } from "../../stores/notifier";
import { NotOnDevice } from "../../components/DataUnavailable";
import { useOnline } from "../../offline/use-offline";

const PROFILE_KEY = ["profile"] as const;

/** Languages offered in the picker; the device's own language is added when it is not listed. */
const COMMON_LOCALES = [
  "en-US",
  "en-GB",
  "de-DE",
  "fr-FR",
  "es-ES",
  "it-IT",
  "nl-NL",
  "pt-BR",
  "pl-PL",
  "sv-SE",
  "ja-JP",
];

function localeLabel(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export default function ProfilePage() {
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });
  const online = useOnline();
  // A copy restored from this device is being refreshed: a form to edit waits for the server's
  // version (offline, the fetch pauses and the copy is shown).
  const ready = profile.data !== undefined && !(profile.isStale && profile.isFetching);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
        <p className="mt-1 text-ink-muted">
          People you share a group with see your name and picture, nothing else.{" "}
          <Link to="/account-management" className="text-brand underline underline-offset-2 hover:decoration-2">
            Sign-in, browsers and API tokens
          </Link>
        </p>
      </div>
      {!ready &&
        !profile.isError &&
        (online ? <p role="status">Loading your profile…</p> : <NotOnDevice what="your profile details" />)}
      {profile.isError && <Alert tone="error">{profile.error.message}</Alert>}
      {ready && profile.data && (
        <>
          <PictureSection profile={profile.data} />
          <DetailsForm profile={profile.data} />
        </>
      )}
    </div>
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return (saved: Profile) => {
    queryClient.setQueryData(PROFILE_KEY, saved);
    refreshMe();
  };
}

function PictureSection({ profile }: { profile: Profile }) {
  const saved = useSaved();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (value) => {
      saved(value);
      notify.success("Picture updated");
    },
    onError: (error) => setProblem(error.message),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (value) => {
      saved(value);
      notify.success("Picture removed");
    },
    onError: (error) => setProblem(error.message),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    // The server checks again; this spares a large upload that would only be refused.
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setProblem(MESSAGES.invalidFileType);
    if (file.size > AVATAR_MAX_BYTES) return setProblem(MESSAGES.fileTooLarge);
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Section
      title="Picture"
      description="JPEG, PNG or WebP up to 5 MB. We store a small square copy without the photo's metadata."
    >
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={profile.displayName} url={profile.avatarUrl} size="lg" />
        <div className="flex flex-wrap gap-3">
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            className="sr-only"
            aria-label="Choose a picture"
            tabIndex={-1}
            onChange={choose}
          />
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending ? "Uploading…" : profile.avatarUrl ? "Change picture" : "Add a picture"}
          </button>
          {profile.avatarUrl && (
            <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </button>
          )}
        </div>
      </div>
      {problem && (
        <div className="mt-4">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
    </Section>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const saved = useSaved();
  const ids = { zone: useId(), locale: useId() };
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const deviceLocale = navigator.language;
  const [displayName, setDisplayName] = useDraft(profile.displayName);
  const [timeZone, setTimeZone] = useDraft(profile.timeZone ?? deviceZone);
  const [locale, setLocale] = useDraft(profile.locale ?? deviceLocale);
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf("timeZone");
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const locales = useMemo(() => [...new Set([locale, deviceLocale, ...COMMON_LOCALES])], [locale, deviceLocale]);

  const save = useMutation({
    mutationFn: () => updateProfile({ displayName, timeZone, locale }),
    onSuccess: (value) => {
      saved(value);
      notify.success("Profile saved");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <Section title="About you" description="Deadlines use your time zone; dates and numbers use your language.">
      <form onSubmit={submit} className="space-y-5">
        <TextField
          label="Display name"
          value={displayName}
          required
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          autoComplete="name"
          onChange={setDisplayName}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.zone} className={labelClass}>
              Time zone
            </label>
            <select
              id={ids.zone}
              className={inputClass}
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                  {zone === deviceZone ? " (this device)" : ""}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.locale} className={labelClass}>
              Language and region
            </label>
            <select
              id={ids.locale}
              className={inputClass}
              value={locale}
              onChange={(event) => setLocale(event.target.value)}
            >
              {locales.map((tag) => (
                <option key={tag} value={tag}>
                  {localeLabel(tag)}
                  {tag === deviceLocale ? " (this device)" : ""}
                </option>
              ))}
            </select>
          </div>
        </div>
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        <p className="text-sm text-ink-muted">
          Email: <span className="text-ink">{profile.email ?? "none"}</span> (comes from your sign-in; change it there).
        </p>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save profile"}
        </button>
      </form>
    </Section>
  );
}
