import type { Task } from "../../../domain/tasks";
import AssignmentControls from "./delegation/AssignmentControls";
import TimerControls from "./time-tracking/TimerControls";

/** The module's part of a task's editor: who has it (delegation/), then its timer (time-tracking/). */
export default function TaskActions({ task }: { task: Task }) {
  return (
    <>
      <AssignmentControls task={task} />
      <TimerControls task={task} />
    </>
  );
}
