import { Camera, ImagePlus, LoaderCircle, Mic, Send, Square, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ASSISTANT_MESSAGES, type AssistantCapabilities } from "../../../domain/assistant/api";
import { errorMessage } from "../../api/http";
import { appTimeLocale } from "../../stores/time-locale";
import { transcribe } from "./api";
import { HiddenFileInput } from "../../components/HiddenFileInput";
import { preparePhoto } from "../../components/photo";
import { canRecognise, canRecord, recogniseSpeech, type Recording, samplePhrase, startRecording } from "./voice";

/** The spec's voice input states. */
type VoiceState = "idle" | "recording" | "sending";

const iconButton =
  "grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50";

/**
 * What the user says to the assistant: text (Enter sends, Shift+Enter a new line), a photo or a
 * camera shot, or speech. Sending waits while a reply is coming or a recording runs, and needs a
 * message or a photo (the spec).
 */
export function Composer({
  draft,
  setDraft,
  loading,
  capabilitiesNow,
  send,
}: {
  draft: string;
  setDraft: (value: string) => void;
  loading: boolean;
  /** What the server can do, once it has said (the first click may come before). */
  capabilitiesNow: () => Promise<AssistantCapabilities | null>;
  send: (message: string, image: string | null) => Promise<string | null>;
}) {
  const [image, setImage] = useState<{ dataUrl: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [voice, setVoice] = useState<VoiceState>("idle");
  const recording = useRef<{ stop(): Promise<void> } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  // A recording still running when the panel goes stops with it.
  useEffect(() => () => void recording.current?.stop().catch(() => undefined), []);

  const blocked = (!draft.trim() && !image) || loading || voice !== "idle";

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blocked) return;
    const message = draft.trim();
    const photo = image?.dataUrl ?? null;
    setDraft("");
    setImage(null);
    setProblem(null);
    const refused = await send(message, photo);
    if (refused) {
      setProblem(refused);
      setDraft(message);
    }
    inputRef.current?.focus();
  }

  async function attach(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const prepared = await preparePhoto(file);
    if ("problem" in prepared) setProblem(prepared.problem);
    else setImage({ dataUrl: prepared.dataUrl, name: file.name || "Photo" });
  }

  function heard(text: string) {
    if (text) setDraft(draft ? `${draft} ${text}` : text);
    else setProblem(ASSISTANT_MESSAGES.noSpeech);
    inputRef.current?.focus();
  }

  /** No recogniser here and none in the browser: an example to edit instead (the spec's last fallback). */
  function offerSample() {
    setDraft(samplePhrase());
    setProblem("Voice input is not available here. Here is an example to edit instead.");
    inputRef.current?.focus();
  }

  async function recordForServer() {
    let started: Recording;
    try {
      started = await startRecording();
    } catch {
      setProblem("The microphone could not be used. Allow it in the browser, or type instead.");
      return;
    }
    setVoice("recording");
    recording.current = {
      stop: async () => {
        recording.current = null;
        setVoice("sending");
        try {
          heard((await transcribe(await started.stop())).trim());
        } catch (error) {
          setProblem(errorMessage(error));
        } finally {
          setVoice("idle");
        }
      },
    };
  }

  function recogniseInBrowser() {
    let session: ReturnType<typeof recogniseSpeech>;
    try {
      session = recogniseSpeech(appTimeLocale());
    } catch {
      offerSample();
      return;
    }
    setVoice("recording");
    recording.current = {
      stop: async () => {
        recording.current = null;
        setVoice("sending");
        session.stop();
      },
    };
    session.result
      .then(
        (text) => heard(text),
        () => offerSample(),
      )
      .finally(() => {
        recording.current = null;
        setVoice("idle");
      });
  }

  async function toggleVoice() {
    setProblem(null);
    if (voice === "recording") {
      void recording.current?.stop();
      return;
    }
    // This server's recogniser first: the recording stays on it. Then the browser's, then an example.
    if ((await capabilitiesNow())?.voice && canRecord()) void recordForServer();
    else if (canRecognise()) recogniseInBrowser();
    else offerSample();
  }

  const voiceLabel =
    voice === "recording" ? "Stop recording" : voice === "sending" ? "Transcribing…" : "Speak instead of typing";

  return (
    <form className="border-t border-line p-2" onSubmit={(event) => void submit(event)}>
      {image && (
        <div className="mb-2 flex items-center gap-2 rounded-lg border border-line p-1.5">
          <img src={image.dataUrl} alt="" className="size-10 rounded object-cover" />
          <span className="min-w-0 flex-1 truncate text-xs">{image.name}</span>
          <button type="button" className={iconButton} aria-label="Remove the photo" onClick={() => setImage(null)}>
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {problem && (
        <p id={problemId} role="alert" className="mb-1.5 text-xs text-danger">
          {problem}
        </p>
      )}
      <label htmlFor={inputId} className="sr-only">
        Message to the assistant
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        rows={2}
        maxLength={4000}
        value={draft}
        aria-describedby={problem ? problemId : undefined}
        placeholder={voice === "recording" ? "Listening…" : "Add tasks, change or complete them…"}
        className="block w-full resize-none rounded-lg border border-line bg-canvas px-2.5 py-1.5 text-sm text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="mt-1.5 flex items-center gap-0.5">
        {/* One chooses a file; the other opens a phone's camera. */}
        {[
          { ref: fileRef, accept: "image/jpeg,image/png,image/heic" },
          { ref: cameraRef, accept: "image/*", capture: "environment" as const },
        ].map(({ ref, accept, capture }) => (
          <HiddenFileInput
            key={accept}
            ref={ref}
            accept={accept}
            capture={capture}
            onFile={(file) => void attach(file)}
          />
        ))}
        <button
          type="button"
          className={iconButton}
          aria-label="Attach a photo"
          onClick={() => fileRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={`${iconButton} pointer-fine:hidden`}
          aria-label="Take a photo"
          onClick={() => cameraRef.current?.click()}
        >
          <Camera aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={`${iconButton} aria-pressed:bg-danger/10 aria-pressed:text-danger`}
          aria-label={voiceLabel}
          aria-pressed={voice === "recording"}
          disabled={voice === "sending" || loading}
          onClick={() => void toggleVoice()}
        >
          {voice === "recording" ? (
            <Square aria-hidden="true" className="size-4" />
          ) : voice === "sending" ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Mic aria-hidden="true" className="size-4" />
          )}
        </button>
        <span className="flex-1" />
        <button
          type="submit"
          disabled={blocked}
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-brand-ink hover:bg-brand-hover focus-visible:outline-3 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send aria-hidden="true" className="size-4" />
          Send
        </button>
      </div>
    </form>
  );
}
