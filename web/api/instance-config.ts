import type { InstanceConfig } from "../../domain/instance-config";
import { PRERENDER_TOKENS } from "../../domain/prerender";

/** Read once: the server embeds the public instance settings in every page (script#instance-config). */
function readInstanceConfig(): InstanceConfig {
  // Rendering at build time (scripts/prerender.ts): the server fills in the real values.
  // The built-in provider counts as on (the default), and the server drops what is marked for it where it is off.
  if (typeof document === "undefined") return { ...PRERENDER_TOKENS, embedParentOrigin: null, builtinSignIn: true };
  // The server wrote this from a validated schema; a shape check suffices and keeps zod out of the first load.
  const text = document.getElementById("instance-config")?.textContent;
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (parsed && typeof parsed === "object" && "name" in parsed && "publicUrl" in parsed)
    return parsed as InstanceConfig;
  // Vite's dev server serves index.html without the server's head; use neutral defaults there.
  return {
    name: "Tandem",
    publicUrl: window.location.origin,
    operatorName: null,
    operatorContact: null,
    embedParentOrigin: null,
    builtinSignIn: true,
  };
}

export const instanceConfig: InstanceConfig = readInstanceConfig();
