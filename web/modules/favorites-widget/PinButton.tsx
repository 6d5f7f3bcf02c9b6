import { Star } from "lucide-react";
import type { Task } from "../../../domain/tasks";
import { buttonClass } from "../../components/form";
import { usePin } from "./use-favorites";

/** In a task's editor: pins the task to the dashboard's Favourites, or unpins it. */
export default function PinButton({ task }: { task: Task }) {
  const { pinned, toggle } = usePin(task.id, task.title);
  return (
    <div>
      <button
        type="button"
        aria-pressed={pinned}
        className={`${buttonClass.secondary} w-full`}
        onClick={() => void toggle()}
      >
        <Star aria-hidden="true" className={`size-4 ${pinned ? "fill-amber-400 text-amber-500" : ""}`} />
        {pinned ? "Unpin from dashboard" : "Pin to dashboard"}
      </button>
      <p className="mt-1 text-xs text-ink-muted">
        {pinned ? "In your favourites on the dashboard." : "Keeps it at hand in your favourites on the dashboard."}
      </p>
    </div>
  );
}
