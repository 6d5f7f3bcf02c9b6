import { TaskDetail } from "./TaskEditor";

/** /mobile-task-detail-page?id=…: the same editor in one column, with the main action at the bottom within thumb's reach. */
export default function MobileTaskDetailPage() {
  return <TaskDetail variant="mobile" />;
}
