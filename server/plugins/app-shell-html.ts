import { escapeHtml } from "../../domain/html.js";

/**
 * The signed-in app's frame, painted from the HTML before any JavaScript has run: the header
 * with the logo and a loading line, in the classes and height of AppShell (web/components/HomeLayout.tsx),
 * which React shows in its place until the app's code is in. A phone on a slow network sees the
 * app at once instead of a blank page.
 */
export function appShellHtml(instanceName: string): string {
  return `<div class="flex min-h-dvh flex-col" aria-busy="true"><header class="border-b border-line bg-surface/90"><div class="flex h-14 items-center px-2 sm:px-4"><a href="/" class="flex min-h-11 min-w-11 shrink-0 items-center gap-2 font-semibold tracking-tight text-ink px-1.5"><img src="/favicon.svg" alt="" width="28" height="28" class="size-7"><span class="sr-only sm:not-sr-only">${escapeHtml(instanceName)}</span></a></div></header><div class="flex flex-1"><div class="hidden w-64 shrink-0 border-r border-line bg-surface/60 lg:block"></div><main class="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 pt-4 sm:pt-8 lg:px-8"><p role="status" class="text-ink-muted">Loading…</p></main></div><div class="fixed inset-x-0 bottom-0 box-content h-14 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] lg:hidden"></div></div>`;
}
