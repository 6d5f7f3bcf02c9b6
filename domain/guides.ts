/**
 * The guides of the public site: one page each, at /<slug>, with the text of
 * content/<slug>.md. Title and description (domain/guide-descriptions.ts) are the page's head and
 * must match the file's front matter (checked by server/content/site-content.test.ts).
 */
export const GUIDES = [
  {
    slug: "ai-task-management",
    title: "AI Task Management for Real Life, From Messy Notes to Confirmed Tasks",
  },
  {
    slug: "digital-couponing2025",
    title: "Digital Couponing in 2025, Loyalty Apps, Clipping, Cashback and Stacking Explained",
  },
  {
    slug: "digital-couponing-for-beginners",
    title: "Digital Couponing for Beginners, a Calm First Month of Saving",
  },
  {
    slug: "digital-organization-tools",
    title: "Choosing Digital Organization Tools That You Will Actually Keep Using",
  },
  {
    slug: "effective-family-routines",
    title: "Effective Family Routines That Survive Busy Weeks and Changing Schedules",
  },
  {
    slug: "family-task-management",
    title: "Family Task Management, Sharing the Load Without Making One Parent the Manager",
  },
  {
    slug: "science-of-productivity",
    title: "The Science of Productivity in Plain Words, Five Findings You Can Use Today",
  },
  {
    slug: "smart-shopping-ai",
    title: "Smart Shopping with AI, Where an Assistant Helps and Where You Should Decide",
  },
  {
    slug: "store-layout-organization",
    title: "Organizing Your Shopping List by Store Layout to Walk Each Aisle Only Once",
  },
  {
    slug: "task-delegation-guide",
    title: "A Practical Guide to Task Delegation for Families and Small Teams",
  },
  {
    slug: "time-blocking-techniques",
    title: "Time Blocking Techniques for Busy Weeks at Home and at Work",
  },
  {
    slug: "time-tracking-guide",
    title: "The Time Tracking Guide, Measuring Where Your Hours Go Without Obsessing",
  },
  {
    slug: "time-tracking-instructions",
    title: "Time Tracking Instructions, Starting, Stopping and Reviewing Time on Tasks",
  },
] as const;

export type GuideSlug = (typeof GUIDES)[number]["slug"];
