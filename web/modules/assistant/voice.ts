import { encodeWav, SPEECH_SAMPLE_RATE, toBase64 } from "./wav";

/** What the panel offers when neither this server nor the browser can turn speech into text. */
export const SAMPLE_PHRASES = [
  "Buy milk, eggs and bread tomorrow",
  "Call mum on Friday at 5pm",
  "Pay the electricity bill by the 30th, high priority",
  "Water the plants every monday",
  "Book a dentist appointment next week",
] as const;

export function samplePhrase(random: () => number = Math.random): string {
  return SAMPLE_PHRASES[Math.floor(random() * SAMPLE_PHRASES.length)]!;
}

export interface Recording {
  /** Stops and gives the recording as base64 16 kHz WAV. */
  stop(): Promise<string>;
  cancel(): void;
}

/**
 * Records from the microphone with MediaRecorder, then decodes what it made (WebM/Opus in most
 * browsers) and resamples it to 16 kHz mono WAV, the format the server transcribes.
 */
export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.addEventListener("dataavailable", (event) => chunks.push(event.data));
  const stopped = new Promise<void>((resolve) => recorder.addEventListener("stop", () => resolve(), { once: true }));
  recorder.start();
  const release = () => stream.getTracks().forEach((track) => track.stop());
  return {
    async stop() {
      recorder.stop();
      await stopped;
      release();
      const encoded = await new Blob(chunks, { type: recorder.mimeType }).arrayBuffer();
      const context = new AudioContext();
      try {
        const decoded = await context.decodeAudioData(encoded);
        const offline = new OfflineAudioContext(
          1,
          Math.ceil(decoded.duration * SPEECH_SAMPLE_RATE),
          SPEECH_SAMPLE_RATE,
        );
        const source = offline.createBufferSource();
        source.buffer = decoded;
        source.connect(offline.destination);
        source.start();
        const rendered = await offline.startRendering();
        return toBase64(encodeWav(rendered.getChannelData(0)));
      } finally {
        void context.close();
      }
    },
    cancel() {
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
}

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  start(): void;
  stop(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export function canRecognise(): boolean {
  return recognitionConstructor() !== undefined;
}

/** The browser's own speech recognition, for a server without a recogniser: resolves to the words heard. */
export function recogniseSpeech(locale: string): { result: Promise<string>; stop(): void } {
  const Recognition = recognitionConstructor()!;
  const recognition = new Recognition();
  recognition.lang = locale;
  recognition.interimResults = false;
  const result = new Promise<string>((resolve, reject) => {
    let heard = "";
    recognition.onresult = (event) => {
      heard = Array.from(event.results, (alternatives) => alternatives[0]?.transcript ?? "").join(" ");
    };
    recognition.onerror = (event) => reject(new Error(event.error));
    recognition.onend = () => resolve(heard.trim());
  });
  recognition.start();
  return { result, stop: () => recognition.stop() };
}
