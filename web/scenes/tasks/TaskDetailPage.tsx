import { TaskDetail } from "./TaskEditor";

/** /task-detail-page?id=…: the full editor of one task. */
export default function TaskDetailPage() {
  return <TaskDetail variant="desktop" />;
}
