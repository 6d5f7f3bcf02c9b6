/**
 * `npm test`: typecheck, lint, the unit and the integration suites side by side, then the browser
 * suite, the longest by far, alone (docs/architecture.md, "Testing"). Prints each suite's time and
 * one summary line `N passed, N failed` (typecheck and lint count as one test each).
 * `--suites unit,integration` runs a subset (CI uses it for the Node 24 run).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../server/env.js";
import { reportLines, type VitestJsonReport } from "./test-report.js";
import { webBuildIsStale } from "./web-build.js";

type Suite = "typecheck" | "lint" | "unit" | "integration" | "browser";
const ALL: Suite[] = ["typecheck", "lint", "unit", "integration", "browser"];

const requested = process.argv.find((arg) => arg.startsWith("--suites="))?.slice("--suites=".length);
const suites = requested ? (requested.split(",") as Suite[]) : ALL;
const unknown = suites.filter((suite) => !ALL.includes(suite));
if (unknown.length) {
  console.error(`Unknown suite(s): ${unknown.join(", ")}. Known: ${ALL.join(", ")}`);
  process.exit(2);
}

const bin = (name: string) => path.join(PROJECT_ROOT, "node_modules", ".bin", name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-test-"));

interface Result {
  suite: Suite;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

interface Finished {
  ok: boolean;
  seconds: number;
  log: string;
}

/** Runs a command in a child process with its output kept in a file, to be shown when it ends. */
function runInBackground(name: string, command: string, args: string[]): Promise<Finished> {
  const started = Date.now();
  const log = path.join(reportDir, `${name}.log`);
  const output = fs.openSync(log, "w");
  const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ["ignore", output, output], env: process.env });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      fs.closeSync(output);
      resolve({ ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10, log });
    });
  });
}

/** The web build, typecheck and lint, each in a process of its own. */
function startInBackground(suite: "typecheck" | "lint" | "web build"): Promise<Finished> {
  // package.json's scripts: TypeScript 7's tsc; ESLint, then oxlint's type-aware rules.
  if (suite === "typecheck" || suite === "lint") return runInBackground(suite, "npm", ["run", "--silent", suite]);
  return runInBackground("web-build", process.execPath, [
    path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
    path.join("scripts", "build-if-needed.ts"),
  ]);
}

/** Runs one Vitest project; its output goes to the terminal, or to `log` to be shown when it ends. */
async function runSuite(suite: Suite, log?: string): Promise<Result> {
  const started = Date.now();
  const done = (passed: number, failed: number, skipped = 0): Result => ({
    suite,
    passed,
    failed,
    skipped,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  if (!log) console.log(`\n━━ ${suite} ━━`);
  const report = path.join(reportDir, `${suite}.json`);
  const output = log ? fs.openSync(log, "w") : "inherit";
  const child = spawn(
    bin("vitest"),
    ["run", "--project", suite, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { cwd: PROJECT_ROOT, stdio: ["ignore", output, output], env: process.env },
  );
  const status = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  if (typeof output === "number") fs.closeSync(output);
  if (log) {
    console.log(`\n━━ ${suite} (beside the other suites of its phase) ━━`);
    process.stdout.write(fs.readFileSync(log, "utf8"));
  }
  if (!fs.existsSync(report)) {
    failures.push(`FAILED ${suite}: the runner stopped before it reported`);
    return done(0, 1);
  }
  const json = JSON.parse(fs.readFileSync(report, "utf8")) as VitestJsonReport;
  const lines = reportLines(suite, json, PROJECT_ROOT);
  failures.push(...lines.failures);
  flaky.push(...lines.flaky);
  // A suite that failed outside any test (a crashed setup, an unhandled rejection after a test
  // ended) still counts as a failure, and is named at the end like one.
  const outsideTests = status !== 0 && json.numFailedTests === 0 && lines.failures.length === 0;
  if (outsideTests) failures.push(`FAILED ${suite}: an error outside the tests (see "Unhandled Errors" in its output)`);
  const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return done(json.numPassedTests, failed, json.numPendingTests + json.numTodoTests);
}

/**
 * Two phases (docs/benchmarks.md, "Test suite", for the measurements behind the order). First the
 * checks, the unit and the integration suites side by side: the integration files wait in good
 * part (on PostgreSQL, sockets, timers), and the others fill those waits. The web build runs
 * beside the typecheck at the very start. Then the browser suite alone: it keeps both cores busy
 * by itself, and beside the others it took more CPU in all (its waits on the app grow with the
 * machine's load) and more time.
 */
const build = suites.includes("browser") && webBuildIsStale() ? startInBackground("web build") : null;
const checks = new Map<Suite, Promise<Finished>>();
if (suites.includes("typecheck")) checks.set("typecheck", startInBackground("typecheck"));
const results: Result[] = [];
/** One line per failed test, repeated at the end so a log's tail names them (.ci/run prints them last). */
const failures: string[] = [];
/** Tests that passed only on their retry (scripts/test-report.ts), named at the end as failures are. */
const flaky: string[] = [];

/** The build goes first, beside the typecheck alone; a failed build fails the browser suite. */
const built = build ? await build : null;
if (suites.includes("lint")) checks.set("lint", startInBackground("lint"));

/** A check's outcome, once it has ended, as a suite's result. */
async function checkResult(suite: Suite, check: Promise<Finished>): Promise<Result> {
  const finished = await check;
  console.log(`\n━━ ${suite} ━━`);
  process.stdout.write(fs.readFileSync(finished.log, "utf8"));
  if (!finished.ok) failures.push(`FAILED ${suite}: see its output above`);
  return { suite, passed: finished.ok ? 1 : 0, failed: finished.ok ? 0 : 1, skipped: 0, seconds: finished.seconds };
}

// The unit and integration suites start together, their output kept in a file each; every
// suite of the first phase is shown in a fixed order once it has ended.
const running = new Map<Suite, Promise<Result>>();
for (const suite of suites.filter((name) => name === "unit" || name === "integration"))
  running.set(suite, runSuite(suite, path.join(reportDir, `${suite}.log`)));
for (const suite of suites) {
  const check = checks.get(suite);
  if (check) results.push(await checkResult(suite, check));
  const suiteRun = running.get(suite);
  if (suiteRun) results.push(await suiteRun);
}

if (suites.includes("browser")) {
  if (built && !built.ok) {
    console.log(`\n━━ web build (failed after ${built.seconds} s) ━━`);
    console.log(fs.readFileSync(built.log, "utf8"));
    failures.push("FAILED web build: see its output above");
    results.push({ suite: "browser", passed: 0, failed: 1, skipped: 0, seconds: 0 });
  } else {
    if (built) console.log(`\n━━ web build done after ${built.seconds} s ━━`);
    results.push(await runSuite("browser"));
  }
}
fs.rmSync(reportDir, { recursive: true, force: true });

console.log("\nsuite        passed  failed  skipped  seconds");
for (const r of results) {
  console.log(
    `${r.suite.padEnd(12)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${String(r.seconds).padStart(7)}`,
  );
}
if (flaky.length) console.log(`\n${flaky.join("\n")}`);
if (failures.length) console.log(`\n${failures.join("\n")}`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
// With CI=true nothing may skip: a skipped test there means a missing browser or database.
const skipFailure = process.env.CI === "true" && skipped > 0 ? 1 : 0;
if (skipFailure) console.log(`CI=true but ${skipped} test(s) skipped: counted as a failure.`);
console.log(`${passed} passed, ${failed + skipFailure} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed + skipFailure > 0 ? 1 : 0);
