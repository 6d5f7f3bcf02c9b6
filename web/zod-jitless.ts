/**
 * "zod" as the web app imports it (vite.config.ts points the bare name here): zod itself, set
 * to jitless before any schema is built. Its fast path compiles validators with `new Function`,
 * which our CSP (script-src 'self') forbids, and the browser logs each refusal. Set here rather
 * than in web/main.tsx so zod loads only with the pages that validate something: the entry
 * would otherwise carry zod's core to every page.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
