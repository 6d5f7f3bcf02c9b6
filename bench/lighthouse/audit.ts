/**
 * The Lighthouse runs of bench/lighthouse.ts: the only code that imports Lighthouse, which this
 * folder's own package.json provides (installed by the benchmark's first run, bench/lighthouse/install.ts).
 * Lighthouse connects to the Chromium that bench/lighthouse.ts launched, through its remote
 * debugging port, and opens its own tab there.
 */
import fs from "node:fs";
import path from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { BENCH_DIR } from "../servers.js";
import {
  type AuditPage,
  type Category,
  CATEGORIES,
  type FailingAudit,
  METRICS,
  type PageResult,
  type Scores,
  type Target,
} from "./results.js";

/** The full Lighthouse report (median run) of each page, for the details behind the summary. */
const REPORTS_DIR = path.join(BENCH_DIR, "results", "lighthouse");
/** Failing audits listed per category under its goal. */
const TOP_FAILING = 5;
/** Attempts per Lighthouse run when Lighthouse reports a broken run (runtimeError). */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse run. A run that Lighthouse itself reports as broken (e.g. NO_NAVSTART, a trace
 * lost on a busy machine; its message says "run Lighthouse again") is retried a few times.
 */
async function lighthouseRun(url: string, port: number, cookie: string | null): Promise<Result> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    ...(cookie !== null && { extraHeaders: { Cookie: `tandem_session=${cookie}` } }),
  };
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    const message = `Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`;
    if (attempt >= LIGHTHOUSE_ATTEMPTS) throw new Error(message);
    process.stdout.write(`(${runtimeError.code}, again) `);
  }
}

function scoresOf(lhr: Result): Scores {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  return Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Scores;
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines). */
function medianRun(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => (scoresOf(a).performance ?? 0) - (scoresOf(b).performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Audits of a category that did not pass (score under 0.9). Performance: its failing metrics,
 * then the diagnostics and insights with the largest estimated savings, which say why. Other
 * categories: heaviest weight first, then lowest score.
 */
function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  const failing = (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ audit }) => audit.score !== null && audit.score < 0.9);
  const byWeight = (a: (typeof failing)[number], b: (typeof failing)[number]) =>
    b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0);
  let chosen: typeof failing;
  if (category === "performance") {
    const metrics = failing.filter(({ ref }) => ref.group === "metrics").sort(byWeight);
    const reasons = failing
      .filter(({ ref }) => ref.group !== "metrics")
      .sort((a, b) => largestSaving(b.audit) - largestSaving(a.audit) || byWeight(a, b));
    chosen = [...metrics, ...reasons.slice(0, TOP_FAILING)];
  } else {
    chosen = failing.sort(byWeight).slice(0, TOP_FAILING);
  }
  return chosen.map(({ audit }) => {
    const savings = Object.entries(audit.metricSavings ?? {})
      .filter(([, value]) => (value ?? 0) > 0)
      .map(([metric, value]) => `${metric} ${value}${metric === "CLS" ? "" : " ms"}`)
      .join(", ");
    return {
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue && { displayValue: audit.displayValue }),
      ...(savings && { savings }),
    };
  });
}

type Audit = Result["audits"][string];

function largestSaving(audit: Audit): number {
  return Math.max(0, ...Object.values(audit.metricSavings ?? {}).map((value) => value ?? 0));
}

function saveReport(target: Target, lhr: Result): void {
  const slug = target.signedIn ? "app" : target.path.replace(/\W+/g, "-").replace(/^-|-$/g, "");
  fs.mkdirSync(REPORTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORTS_DIR, `${slug}.report.json`), JSON.stringify(lhr));
}

/** Status of the first /api/groups request in the run's network log: only a signed-in page gets 200. */
function apiGroupsStatus(lhr: Result): number | undefined {
  const details = lhr.audits["network-requests"]?.details as { items?: { url: string; statusCode: number }[] };
  return details?.items?.find((item) => new URL(item.url).pathname.startsWith("/api/groups"))?.statusCode;
}

export const auditPage: AuditPage = async (target, baseUrl, port, cookie, count) => {
  const url = baseUrl + target.path;
  const results: Result[] = [];
  for (let run = 1; run <= count; run += 1) {
    process.stdout.write(`lighthouse ${target.name} ${target.path} run ${run}/${count}… `);
    const lhr = await lighthouseRun(url, port, target.signedIn ? cookie : null);
    results.push(lhr);
    const scores = CATEGORIES.map((category) => `${category} ${scoresOf(lhr)[category] ?? "–"}`).join(", ");
    console.log(`${scores} (CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)})`);
  }
  const lhr = medianRun(results);
  saveReport(target, lhr);
  const scores = scoresOf(lhr);
  const missed = CATEGORIES.filter((category) => {
    const goal = target.goals[category];
    return goal !== undefined && (scores[category] ?? 0) < goal;
  });
  const result: PageResult = {
    ...target,
    url,
    scores,
    performanceScoresOfAllRuns: results.map((r) => scoresOf(r).performance),
    benchmarkIndexOfAllRuns: results.map((r) => Math.round(r.environment.benchmarkIndex)),
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue])),
    missed,
    failingAudits: Object.fromEntries(missed.map((category) => [category, failingAudits(lhr, category)])),
    ...(target.signedIn && { apiGroupsStatus: apiGroupsStatus(lhr) }),
  };
  if (target.signedIn && result.apiGroupsStatus !== 200)
    throw new Error(`the signed-in audit of ${url} was not signed in: /api/groups answered ${result.apiGroupsStatus}`);
  return { result, lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
};
