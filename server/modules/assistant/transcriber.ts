/**
 * Speech to text on this machine, with Debian's pocketsphinx (docs/assistant.md): no network, no
 * account. Where it is not installed the server says so, and the panel uses the browser's own
 * speech recognition where there is one.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ASSISTANT_MESSAGES } from "../../../domain/assistant/api.js";
import { ServiceUnavailableError, UnsupportedMediaTypeError } from "../../errors.js";

const run = promisify(execFile);
const PROGRAM = "pocketsphinx_continuous";
const TIMEOUT_MS = 30_000;

let available: boolean | undefined;

/** Whether speech is transcribed here: allowed by configuration and pocketsphinx on the PATH (looked up once). */
export function voiceAvailable(allowed: boolean): boolean {
  available ??= (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, PROGRAM)));
  return allowed && available;
}

/** A WAV recording (the panel records 16 kHz mono 16-bit PCM) as text; "" when no speech was heard. */
export async function transcribe(audioBase64: string, allowed: boolean): Promise<string> {
  if (!voiceAvailable(allowed)) throw new ServiceUnavailableError(ASSISTANT_MESSAGES.voiceUnavailable);
  const audio = Buffer.from(audioBase64, "base64");
  if (audio.length < 44 || audio.toString("ascii", 0, 4) !== "RIFF" || audio.toString("ascii", 8, 12) !== "WAVE")
    throw new UnsupportedMediaTypeError(ASSISTANT_MESSAGES.invalidFileType);
  // Outside the working directory, and gone afterwards whatever happens.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-voice-"));
  try {
    const file = path.join(dir, "speech.wav");
    fs.writeFileSync(file, audio);
    const { stdout } = await run(PROGRAM, ["-infile", file, "-logfn", os.devNull], { timeout: TIMEOUT_MS });
    return stdout.replace(/\s+/g, " ").trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
