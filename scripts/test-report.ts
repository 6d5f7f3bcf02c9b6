/**
 * Reads a Vitest JSON report (`--reporter=json`) into the lines scripts/test.ts prints at the end:
 * one `FAILED` line per failed test (or per file that failed outside its tests), and one `FLAKY`
 * line per test that failed and then passed when run again (the browser suite retries once in CI,
 * vitest.config.ts), so a test that is only sometimes green stays in sight instead of passing quietly.
 */
import path from "node:path";

export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export function reportLines(
  suite: string,
  report: VitestJsonReport,
  root: string,
): { failures: string[]; flaky: string[] } {
  const failures: string[] = [];
  const flaky: string[] = [];
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    if (file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")) {
      failures.push(`FAILED ${suite} ${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults) {
      const first = firstLine(test.failureMessages?.[0]);
      if (test.status === "failed") failures.push(`FAILED ${suite} ${where} > ${test.fullName}: ${first}`);
      // Passed, yet with the error of an earlier try: it passed on its retry.
      else if (test.status === "passed" && test.failureMessages?.length) {
        flaky.push(`FLAKY ${suite} ${where} > ${test.fullName} (passed on its retry; first try: ${first})`);
      }
    }
  }
  return { failures, flaky };
}

export function firstLine(message: string | undefined): string {
  return (message ?? "").split("\n")[0]!.slice(0, 300);
}
