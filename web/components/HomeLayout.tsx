import { useLocation } from "react-router";
import { findPage } from "../../domain/pages";
import { useMe } from "../hooks/use-me";
import { AppLayout } from "./AppLayout";
import { PublicLayout } from "./PublicLayout";

/**
 * The layout of the app pages and of "/". A signed-in user's start page is their task list, in
 * the app layout like every app page (so going between them keeps the header and the live
 * channel); a visitor on "/" sees the landing page in the public layout. Until it is known who is
 * looking, "/" stays empty, so neither flashes up for the other.
 */
export function HomeLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  if (findPage(pathname)?.path !== "/" || me) return <AppLayout />;
  if (me === undefined) return <div className="min-h-dvh" aria-busy="true" />;
  return <PublicLayout />;
}
