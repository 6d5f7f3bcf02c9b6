/**
 * What each module does, in a sentence: shown on /modules only, so it lives apart from the registry
 * (domain/modules.ts), which every page loads for its navigation.
 */
export const MODULE_DESCRIPTIONS: Record<string, string> = {
  "task-manager": "Tasks, subtasks, priorities and deadlines.",
  "favorites-widget": "Pin the tasks you come back to onto your dashboard, in the order you like.",
  "group-tasks": "Every task of all your groups in one list, including tasks shared with them.",
  "task-categories": "A group's categories: names, colours, icons, sharing, order and clean-up.",
  "task-delegation":
    "Share the work fairly: ask a member to take a task, assign it, let volunteers claim open ones, rotate chores, and track time against estimates.",
  "task-analysis":
    "How each group and member is doing: completion, overdue trend, time per category, estimate accuracy and busiest days, with suggestions. Computed on this server.",
  assistant:
    "Type, say or photograph what needs doing; the assistant proposes tasks and changes for you to approve. Works without a network.",
  messaging:
    "A conversation for each group and each of its tasks, for the group's members only: live on every device, in one order for everyone.",
  "calendar-sync":
    "Your deadlines in any calendar app through a private feed or two-way CalDAV, and outside calendars beside your tasks.",
  shopping:
    "The group's shopping list sorted the way you walk each store, with suggestions, plus recipes and a weekly meal plan. Works without a network.",
  "digital-coupons":
    "A group's digital coupons with their codes and barcodes: vote on which still work, see what you saved and which coupons fit your shopping list.",
  "core-settings": "Appearance and preferences.",
};
