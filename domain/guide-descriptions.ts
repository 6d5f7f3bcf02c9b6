import type { GuideSlug } from "./guides.js";

/**
 * Each guide's summary (the page's description and its card on /guides), apart from the guide
 * list so the app's first load does not carry them (domain/page-descriptions.ts).
 */
export const GUIDE_DESCRIPTIONS: Record<GuideSlug, string> = {
  "ai-task-management":
    "How to use an AI assistant to turn scribbled notes, voice memos and photos into clear tasks, and why you should review every suggestion before it is saved.",
  "digital-couponing2025":
    "How digital coupons worked in 2025, from loyalty apps and digital clipping to cashback offers and stacking rules, plus habits that save money without stress.",
  "digital-couponing-for-beginners":
    "New to digital coupons? Start with one store, one list and a weekly fifteen-minute routine, and learn the terms that trip up beginners at the register.",
  "digital-organization-tools":
    "How to choose and combine digital organization tools, from task lists and calendars to notes and shared lists, without ending up with six apps and no system.",
  "effective-family-routines":
    "Design family routines for mornings, evenings and weekends that hold up when practices move, kids get sick and parents work late, with examples and pitfalls.",
  "family-task-management":
    "Run household tasks as a family with one shared list, clear owners, fair splits and a weekly check-in, so no single person has to remember everything.",
  "science-of-productivity":
    "Implementation intentions, unfinished tasks, attention residue, the planning fallacy and breaks, explained carefully and turned into habits to try this week.",
  "smart-shopping-ai":
    "Use an AI assistant to build shopping lists from meal plans, pantry photos and voice notes, while you stay in charge of budget, brands and what gets bought.",
  "store-layout-organization":
    "Sort your shopping list in the order you walk through the store, section by section, to cut backtracking, forgotten items and impulse buys on every trip.",
  "task-delegation-guide":
    "What to delegate, how to hand over a task with enough context, how to follow up without micromanaging, and the mistakes that make delegation fail.",
  "time-blocking-techniques":
    "Plan your week in time blocks, from a simple daily version to themed days and shared family blocks, with buffers, examples and the mistakes that break a plan.",
  "time-tracking-guide":
    "Why tracking time helps you plan, estimate and share work fairly, how to choose what to track, and how to turn a few weeks of records into better decisions.",
  "time-tracking-instructions":
    "Step-by-step instructions for a simple time log on tasks, from setting it up to timing a task, handling interruptions and weekly totals.",
};
