import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { findPage } from "../../domain/pages";
import { useMe } from "../hooks/use-me";
import { PublicLayout } from "./PublicLayout";

/**
 * The app's header, live channel, offline queue and IndexedDB code load only for someone signed
 * in: a visitor reading the landing page never downloads them.
 */
const AppLayout = lazy(() => import("./AppLayout").then((module) => ({ default: module.AppLayout })));

/**
 * The layout of the app pages and of "/". A signed-in user's start page is their task list, in
 * the app layout like every app page (so going between them keeps the header and the live
 * channel); a visitor on "/" sees the landing page in the public layout. Until it is known who is
 * looking, "/" stays empty, so neither flashes up for the other.
 */
export function HomeLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  if (findPage(pathname)?.path !== "/" || me) {
    return (
      <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
        <AppLayout />
      </Suspense>
    );
  }
  if (me === undefined) return <div className="min-h-dvh" aria-busy="true" />;
  return <PublicLayout />;
}
