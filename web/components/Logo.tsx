import { Link } from "react-router";
import { instanceConfig } from "../api/instance-config";

/** The instance's mark and name, linking home; `nameClassName` may hide the name visually (it stays the link's name). */
export function Logo({ nameClassName = "", className = "" }: { nameClassName?: string; className?: string }) {
  return (
    <Link
      to="/"
      className={`flex min-h-11 min-w-11 shrink-0 items-center gap-2 font-semibold tracking-tight text-ink ${className}`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className={nameClassName}>{instanceConfig.name}</span>
    </Link>
  );
}
