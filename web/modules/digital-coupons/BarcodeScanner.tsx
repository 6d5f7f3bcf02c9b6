import { Camera, ImageUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/form";
import type { Scanned } from "./zxing";

const FRAME_MS = 250;

/** Why the camera did not start, in words a member can act on. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The camera is not allowed for this site. Allow it in your browser's settings, or scan from a photo.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera was found on this device. Scan from a photo instead.";
  return "The camera could not be started. Scan from a photo instead.";
}

/**
 * Reads a coupon's barcode with the decoder this server ships (zxing-wasm, loaded on first use):
 * from the camera, frame by frame, or from a photo the member picks.
 */
export function BarcodeScanner({ onScanned }: { onScanned: (scanned: Scanned) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const photoId = useId();

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setStreaming(false);
  };
  useEffect(() => stop, []);

  async function fromPhoto(file: File | undefined) {
    if (!file) return;
    setMessage("Reading the photo…");
    try {
      const { scanImage } = await import("./zxing");
      const found = await scanImage(file);
      if (found) {
        setMessage(null);
        onScanned(found);
      } else setMessage("No barcode was found in that photo. Try a sharper, closer one, or type the number.");
    } catch {
      setMessage("The photo could not be read. Type the number instead.");
    }
  }

  async function fromCamera() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setMessage("This browser cannot use a camera here. Scan from a photo instead.");
      return;
    }
    setMessage("Starting the camera…");
    try {
      const [{ scanImage }, media] = await Promise.all([
        import("./zxing"),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      ]);
      stream.current = media;
      setStreaming(true);
      setMessage("Hold the barcode inside the frame.");
      const element = video.current!;
      element.srcObject = media;
      await element.play();
      const canvas = document.createElement("canvas");
      const context = canvas.getContext("2d", { willReadFrequently: true })!;
      const tick = async () => {
        if (stream.current !== media) return;
        if (element.videoWidth > 0) {
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          context.drawImage(element, 0, 0);
          const found = await scanImage(context.getImageData(0, 0, canvas.width, canvas.height));
          if (found && stream.current === media) {
            stop();
            setMessage(null);
            onScanned(found);
            return;
          }
        }
        setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    } catch (error) {
      stop();
      setMessage(cameraProblem(error));
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {streaming ? (
          <button type="button" className={buttonClass.secondary} onClick={stop}>
            Stop the camera
          </button>
        ) : (
          <button type="button" className={buttonClass.secondary} onClick={() => void fromCamera()}>
            <Camera aria-hidden className="size-4" /> Scan with camera
          </button>
        )}
        <label htmlFor={photoId} className={`${buttonClass.secondary} cursor-pointer has-focus-visible:outline-3`}>
          <ImageUp aria-hidden className="size-4" /> Scan from a photo
          <input
            id={photoId}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => {
              void fromPhoto(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view"
        className={streaming ? "aspect-video w-full max-w-md rounded-lg bg-black object-cover" : "hidden"}
      />
      {message && (
        <p role="status" className="text-sm text-ink-muted">
          {message}
        </p>
      )}
    </div>
  );
}
