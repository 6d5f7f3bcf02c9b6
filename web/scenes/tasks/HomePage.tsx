import { lazy, Suspense } from "react";
import { useMe } from "../../hooks/use-me";
import LandingPage from "../landing/LandingPage";

const TaskListPage = lazy(() => import("./TaskListPage"));

/** "/": the current group's tasks for a signed-in user, the landing page for a visitor. */
export default function HomePage() {
  const me = useMe();
  if (!me) return <LandingPage />;
  return (
    <Suspense fallback={<p role="status">Loading your tasks…</p>}>
      <TaskListPage />
    </Suspense>
  );
}
