import type { Task } from "../../../../domain/tasks";

// PLACEHOLDER: replaced by the controls of issue 23 before it is resolved.
export default function Placeholder(_props: { task: Task }) {
  return null;
}
