/**
 * The guides of the public site: one page each, at /<slug>, with the text of
 * content/<slug>.md. Title and description are the page's head and must match the file's front
 * matter (checked by server/content/site-content.test.ts).
 */
export const GUIDES = [
  {
    slug: "ai-task-management",
    title: "AI Task Management for Real Life, From Messy Notes to Confirmed Tasks",
    description:
      "How to use an AI assistant to turn scribbled notes, voice memos and photos into clear tasks, and why you should review every suggestion before it is saved.",
  },
  {
    slug: "digital-couponing2025",
    title: "Digital Couponing in 2025, Loyalty Apps, Clipping, Cashback and Stacking Explained",
    description:
      "How digital coupons worked in 2025, from loyalty apps and digital clipping to cashback offers and stacking rules, plus habits that save money without stress.",
  },
  {
    slug: "digital-couponing-for-beginners",
    title: "Digital Couponing for Beginners, a Calm First Month of Saving",
    description:
      "New to digital coupons? Start with one store, one list and a weekly fifteen-minute routine, and learn the terms that trip up beginners at the register.",
  },
  {
    slug: "digital-organization-tools",
    title: "Choosing Digital Organization Tools That You Will Actually Keep Using",
    description:
      "How to choose and combine digital organization tools, from task lists and calendars to notes and shared lists, without ending up with six apps and no system.",
  },
  {
    slug: "effective-family-routines",
    title: "Effective Family Routines That Survive Busy Weeks and Changing Schedules",
    description:
      "Design family routines for mornings, evenings and weekends that hold up when practices move, kids get sick and parents work late, with examples and pitfalls.",
  },
  {
    slug: "family-task-management",
    title: "Family Task Management, Sharing the Load Without Making One Parent the Manager",
    description:
      "Run household tasks as a family with one shared list, clear owners, fair splits and a weekly check-in, so no single person has to remember everything.",
  },
  {
    slug: "science-of-productivity",
    title: "The Science of Productivity in Plain Words, Five Findings You Can Use Today",
    description:
      "Implementation intentions, unfinished tasks, attention residue, the planning fallacy and breaks, explained carefully and turned into habits to try this week.",
  },
  {
    slug: "smart-shopping-ai",
    title: "Smart Shopping with AI, Where an Assistant Helps and Where You Should Decide",
    description:
      "Use an AI assistant to build shopping lists from meal plans, pantry photos and voice notes, while you stay in charge of budget, brands and what gets bought.",
  },
  {
    slug: "store-layout-organization",
    title: "Organizing Your Shopping List by Store Layout to Walk Each Aisle Only Once",
    description:
      "Sort your shopping list in the order you walk through the store, section by section, to cut backtracking, forgotten items and impulse buys on every trip.",
  },
  {
    slug: "task-delegation-guide",
    title: "A Practical Guide to Task Delegation for Families and Small Teams",
    description:
      "What to delegate, how to hand over a task with enough context, how to follow up without micromanaging, and the mistakes that make delegation fail.",
  },
  {
    slug: "time-blocking-techniques",
    title: "Time Blocking Techniques for Busy Weeks at Home and at Work",
    description:
      "Plan your week in time blocks, from a simple daily version to themed days and shared family blocks, with buffers, examples and the mistakes that break a plan.",
  },
  {
    slug: "time-tracking-guide",
    title: "The Time Tracking Guide, Measuring Where Your Hours Go Without Obsessing",
    description:
      "Why tracking time helps you plan, estimate and share work fairly, how to choose what to track, and how to turn a few weeks of records into better decisions.",
  },
  {
    slug: "time-tracking-instructions",
    title: "Time Tracking Instructions, Starting, Stopping and Reviewing Time on Tasks",
    description:
      "Step-by-step instructions for a simple time log on tasks, from setting it up to timing a task, handling interruptions and weekly totals.",
  },
] as const;

export type GuideSlug = (typeof GUIDES)[number]["slug"];
