import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { useDocumentHead } from "../hooks/use-document-head";
import { useEmbedBeacon } from "../hooks/use-embed-beacon";

/** Wraps every page: document head, embedding beacon, scroll restoration and focus after navigation. */
export function RootLayout() {
  useDocumentHead();
  useEmbedBeacon();
  useFocusMainOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Screen-reader users hear the new page instead of staying on the link they followed. A page
 * that has put focus in itself already (quick add opened by the navigation's Add button) keeps it.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById("main");
    if (main && main !== document.activeElement && main.contains(document.activeElement)) return;
    main?.focus({ preventScroll: true });
  }, [pathname]);
}
