import type { Task } from "../../domain/tasks";
import { apiFetch } from "./http";

/** Every task the user sees: their own, their groups', and those shared with their groups (GET /api/tasks). */
export const allTasksKey = ["tasks", "visible"] as const;

export const listAllTasks = () => apiFetch<Task[]>("/api/tasks");
