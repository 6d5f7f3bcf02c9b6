import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { type AppIcon, APP_ICONS, ICON_BACKGROUND, ICON_SOURCE } from "../../../domain/app-icons";
import { Alert } from "../../components/Alert";

interface Rendered {
  icon: AppIcon;
  url: string;
}

/** The same drawing as the build's (scripts/vite-plugin-icons.ts), done by the browser's canvas. */
async function render(source: HTMLImageElement, icon: AppIcon): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = icon.size;
  canvas.height = icon.size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw on a canvas.");
  if (icon.maskable) {
    context.fillStyle = ICON_BACKGROUND;
    context.fillRect(0, 0, icon.size, icon.size);
    const inner = Math.round(icon.size * 0.8);
    const offset = (icon.size - inner) / 2;
    context.drawImage(source, offset, offset, inner, inner);
  } else {
    context.drawImage(source, 0, 0, icon.size, icon.size);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("The icon could not be encoded as PNG.");
  return URL.createObjectURL(blob);
}

function loadSource(): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`The icon source ${ICON_SOURCE} could not be loaded.`));
    image.src = ICON_SOURCE;
  });
}

/**
 * /generate-icons (admins): the app icon at every size the manifest and the platforms use, drawn
 * from the same source as the build's icons, with a preview of each (a maskable one inside the
 * circle Android may cut it to) and a download.
 */
export default function GenerateIconsPage() {
  const [icons, setIcons] = useState<Rendered[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let urls: string[] = [];
    let cancelled = false;
    void (async () => {
      try {
        const source = await loadSource();
        const rendered = await Promise.all(APP_ICONS.map(async (icon) => ({ icon, url: await render(source, icon) })));
        urls = rendered.map((item) => item.url);
        if (cancelled) urls.forEach((url) => URL.revokeObjectURL(url));
        else setIcons(rendered);
      } catch (reason) {
        if (!cancelled) setError(reason instanceof Error ? reason.message : String(reason));
      }
    })();
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">App icons</h1>
        <p className="mt-1 max-w-2xl text-ink-muted">
          Every size of the app icon, drawn from <code>{ICON_SOURCE}</code>, the same source the build turns into the
          icons of the web app manifest. Replace that file and rebuild to change the icon everywhere.
        </p>
      </header>
      {error && <Alert tone="error">{error}</Alert>}
      {!icons && !error && <p role="status">Drawing the icons…</p>}
      {icons && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Icons">
          {icons.map(({ icon, url }) => (
            <li key={icon.file} className="flex flex-col rounded-xl border border-line bg-surface p-5 shadow-sm">
              <div className="grid h-40 place-items-center rounded-lg bg-surface-muted">
                <img
                  src={url}
                  alt={`${icon.file}, ${icon.size} by ${icon.size} pixels`}
                  width={Math.min(icon.size, 128)}
                  height={Math.min(icon.size, 128)}
                  className={icon.maskable ? "rounded-full" : ""}
                />
              </div>
              <p className="mt-3 font-medium">{icon.file}</p>
              <p className="text-sm text-ink-muted">
                {icon.size} × {icon.size} · {icon.purpose}
              </p>
              <a
                href={url}
                download={icon.file}
                className="mt-3 inline-flex items-center gap-2 self-start rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
              >
                <Download aria-hidden="true" className="size-4" />
                Download <span className="sr-only">{icon.file}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
