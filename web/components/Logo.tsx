import { Link } from "react-router";
import { instanceConfig } from "../api/instance-config";

export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-ink">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>{instanceConfig.name}</span>
    </Link>
  );
}
