import { lazy } from "react";
import type { WebModule } from "../web-module";
import { delegationPart } from "./delegation/part";
import { timeTrackingPart } from "./time-tracking/part";

/**
 * Delegation, assignment, volunteering (delegation/) and time tracking (time-tracking/): one
 * module, always on (server/modules/task-delegation/). Each part names its own data and live events.
 */
export const taskDelegation: WebModule = {
  id: "task-delegation",
  queryRoots: [...delegationPart.queryRoots, ...timeTrackingPart.queryRoots],
  onLiveEvent(client, event, groupId) {
    delegationPart.onLiveEvent(client, event, groupId);
    timeTrackingPart.onLiveEvent(client, event, groupId);
  },
  async showQueued(client, operation, userId) {
    await timeTrackingPart.showQueued?.(client, operation, userId);
  },
  pages: {
    "/task-delegation": () => import("./delegation/DelegationPage"),
    "/task-assignment": () => import("./delegation/AssignmentPage"),
    "/task-volunteering": () => import("./delegation/VolunteeringPage"),
    "/task-delegation-settings": () => import("./delegation/DelegationSettingsPage"),
    "/time-tracking": () => import("./time-tracking/TimeTrackingPage"),
  },
  // Who has the task and its timer, in the task's editor.
  TaskAction: lazy(() => import("./TaskActions")),
  // Who has the task, on its rows and in its editor's header.
  TaskBadge: lazy(() => import("./delegation/AssigneeBadge")),
  // The running timer, on every page and device.
  HeaderAction: lazy(() => import("./time-tracking/RunningTimer")),
};
