import { describe, expect, it } from "vitest";
import { reportLines, type VitestJsonReport } from "./test-report";

const report = (assertionResults: VitestJsonReport["testResults"][number]["assertionResults"], status = "passed") => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [{ name: "/repo/e2e/calendar.test.ts", status, message: "", assertionResults }],
});

describe("the end of a test run's output", () => {
  it("names a test that failed, and one that passed only on its retry, each with its first error line", () => {
    const lines = reportLines(
      "browser",
      report(
        [
          { fullName: "calendar moves a task", status: "failed", failureMessages: ["Timeout 10000ms\nat …"] },
          { fullName: "calendar switches views", status: "passed", failureMessages: ["expected 2 to be 1\nat …"] },
          { fullName: "calendar opens", status: "passed", failureMessages: [] },
        ],
        "failed",
      ),
      "/repo",
    );
    expect(lines.failures).toEqual(["FAILED browser e2e/calendar.test.ts > calendar moves a task: Timeout 10000ms"]);
    expect(lines.flaky).toEqual([
      "FLAKY browser e2e/calendar.test.ts > calendar switches views (passed on its retry; first try: expected 2 to be 1)",
    ]);
  });

  it("names a file that failed outside its tests (a hook, an import)", () => {
    const failed = { ...report([], "failed") };
    failed.testResults[0]!.message = "Cannot find module './missing'\nstack";
    expect(reportLines("unit", failed, "/repo")).toEqual({
      failures: ["FAILED unit e2e/calendar.test.ts: Cannot find module './missing'"],
      flaky: [],
    });
  });
});
