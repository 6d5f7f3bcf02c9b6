import type { ReactNode } from "react";

/** The narrow card of the sign-in pages, shared by the pages that emailed links open. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-4 space-y-4">{children}</div>
      </div>
    </div>
  );
}
