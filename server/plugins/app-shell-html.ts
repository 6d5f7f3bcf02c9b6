import { escapeHtml } from "../../domain/html.js";

/**
 * The signed-in app's frame, painted from the HTML before any JavaScript has run: the header
 * with the logo and a loading line, in the classes and height of AppShell (web/components/HomeLayout.tsx),
 * which React shows in its place until the app's code is in. A phone on a slow network sees the
 * app at once instead of a blank page.
 */
export function appShellHtml(instanceName: string): string {
  return `<div class="flex min-h-dvh flex-col" aria-busy="true"><header class="border-b border-line bg-surface/90"><div class="mx-auto flex h-[5.875rem] max-w-6xl items-start px-4 pt-4"><a href="/" class="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-ink"><img src="/favicon.svg" alt="" width="28" height="28" class="size-7"><span class="sr-only sm:not-sr-only">${escapeHtml(instanceName)}</span></a></div></header><main class="mx-auto w-full max-w-6xl flex-1 px-4 py-8"><p role="status" class="text-ink-muted">Loading…</p></main></div>`;
}
