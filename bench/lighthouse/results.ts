/**
 * What a page's Lighthouse audit yields: shared by bench/lighthouse.ts (which the project's
 * typecheck covers) and bench/lighthouse/audit.ts (which imports Lighthouse, so only this folder's
 * own tsconfig.json covers it, once the first run has installed Lighthouse).
 */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number | null>;
export type Goals = Partial<Record<Category, number>>;

/** The metrics printed and saved for each page (Lighthouse audit ids). */
export const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

export interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  goals: Goals;
}

export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** Lighthouse's estimate of what fixing it would save, per metric ("LCP 2250 ms"). */
  savings?: string;
}

export interface PageResult extends Target {
  url: string;
  scores: Scores;
  performanceScoresOfAllRuns: (number | null)[];
  /** Lighthouse's CPU benchmark per run (higher is faster; a busy machine scores lower). */
  benchmarkIndexOfAllRuns: number[];
  metrics: Record<string, string | undefined>;
  missed: Category[];
  failingAudits: Partial<Record<Category, FailingAudit[]>>;
  /** The signed-in audit: status of the page's first /api/groups request (200: the cookie was sent and accepted). */
  apiGroupsStatus?: number;
}

export interface AuditedPage {
  result: PageResult;
  lighthouseVersion: string;
  /** The browser's own user agent, as Lighthouse read it. */
  userAgent: string;
}

/**
 * Audits one page `runs` times in the Chromium listening on `port` (its remote debugging port),
 * signed in with the session cookie when the target asks for it.
 */
export type AuditPage = (
  target: Target,
  baseUrl: string,
  port: number,
  cookie: string,
  runs: number,
) => Promise<AuditedPage>;
